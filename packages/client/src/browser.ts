import { envelopeOf } from './envelope.js';
import { clearSession, getToken } from './session.js';
import { API_BASE, transportOf, type Connection } from './transport.js';

/**
 * The browser's connection (the console and the guard app): `/proxyserver`, the session's bearer token, and a 401
 * ends the session and goes to the login page. Its calls are bound here so screens call them as plain functions.
 */
export { API_BASE, ApiError, DEFAULT_TIMEOUT_MS, EXPORT_TIMEOUT_MS } from './transport.js';
export type { ApiErrorKind, Received, ReceivedFile, RequestOptions } from './transport.js';
export { errorText, loadErrorText, type Paged, type Params } from './envelope.js';

let onUnauthorized: (message: string) => void = () => {
  window.location.assign('/login');
};

/** The app registers how to reach the login page (a router navigation; the server's msg, why) once it starts. */
export function setUnauthorizedHandler(handler: (message: string) => void): void {
  onUnauthorized = handler;
}

export const browser: Connection = {
  base: API_BASE,
  authorization: () => {
    const token = getToken();
    return token ? `Bearer ${token}` : null;
  },
  unauthorized: (message) => {
    clearSession();
    onUnauthorized(message);
  },
};

export const { fetchJson, fetchFile } = transportOf(browser);
export const { buildUrl, failureOf, apiGet, apiPost, apiPage, apiPostPage } = envelopeOf(browser);
