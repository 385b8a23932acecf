import { MSG } from './messages.js';

/** The browser's calls all start here: `/proxyserver` + the call table's path. */
export const API_BASE = '/proxyserver';
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Exports may take a minute on a million rows (API.md, Transport). */
export const EXPORT_TIMEOUT_MS = 120_000;

export type ApiErrorKind = 'server' | 'unauthenticated' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope's code (or HTTP status of a reply without an envelope); null when nothing came back. */
  readonly code: number | null;

  constructor(kind: ApiErrorKind, message: string, code: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
  }
}

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Login answers 401 for a wrong password: it must not be treated as an expired session. */
  redirectOn401?: boolean;
}

/**
 * Where the calls go and who sends them: the console and the guard app in a browser (browser.ts), the simulator in
 * Node with the server's address.
 */
export interface Connection {
  /** Put before every path: `/proxyserver` in a browser, the server's address + `/proxyserver` elsewhere. */
  base: string;
  /** The Authorization header (`Bearer …`, `Device …`), read at each request; null sends none. */
  authorization(): string | null;
  /** A 401 envelope of a call that expects a session (with its msg): the browser ends it and goes to the login page. */
  unauthorized(message: string): void;
  /** The transport, `fetch` unless a test replaces it. */
  fetch?: typeof fetch;
  /** The time limit of a call that names none. */
  timeoutMs?: number;
}

/** What came back: the HTTP status and the body read as JSON (null when it was empty or not JSON). */
export interface Received {
  status: number;
  body: unknown;
}

/**
 * One request with the session's bearer token, a time limit and the caller's abort signal; `read` takes the answer
 * while the time limit still holds. A request that never got an answer is an ApiError: timeout, aborted or network.
 */
async function request<T>(
  connection: Connection,
  url: string,
  init: RequestInit,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? connection.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = { Accept: 'application/json', ...(init.headers as Record<string, string>) };
  const authorization = connection.authorization();
  if (authorization) headers.Authorization = authorization;
  try {
    const response = await (connection.fetch ?? fetch)(url, { ...init, headers, signal: controller.signal });
    return await read(response);
  } catch {
    if (timedOut) throw new ApiError('timeout', MSG.network);
    if (options.signal?.aborted) throw new ApiError('aborted', '请求已取消');
    throw new ApiError('network', MSG.network);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** What a file came back as: its bytes, or (an error, a missing file) the body read as JSON. */
export interface ReceivedFile {
  status: number;
  blob: Blob | null;
  body: unknown;
}

export interface Transport {
  /** One request whose body is read as JSON (null when it was empty or not JSON). */
  fetchJson(url: string, init: RequestInit, options?: RequestOptions): Promise<Received>;
  /**
   * A file fetched with the bearer token (an `<img src>` cannot send it: event photos): the bytes when the server
   * answered a file, else its envelope.
   */
  fetchFile(url: string, options?: RequestOptions): Promise<ReceivedFile>;
}

/** The requests of one connection. */
export function transportOf(connection: Connection): Transport {
  return {
    fetchJson: (url, init, options = {}) =>
      request(connection, url, init, options, async (response) => ({
        status: response.status,
        body: parsed(await response.text()),
      })),
    fetchFile: (url, options = {}) =>
      request(connection, url, { method: 'GET', headers: { Accept: '*/*' } }, options, async (response) => {
        const json = (response.headers.get('Content-Type') ?? '').includes('json');
        if (response.ok && !json) return { status: response.status, blob: await response.blob(), body: null };
        return { status: response.status, blob: null, body: parsed(await response.text()) };
      }),
  };
}
