/**
 * The typed client over the call table (packages/contract), for any connection: the simulator's in Node. The browser's
 * pieces (the session, its bound calls, `api`) are the subpaths `@guard-tour/client/browser`, `/api`, `/session`,
 * `/use-session`: they read localStorage and window.
 */
export { clientFor, createClient, type CallFn, type ClientInputOf, type ClientOf, type FileLink } from './client.js';
export { envelopeOf, errorText, loadErrorText, urlOf, type Envelopes, type Paged, type Params } from './envelope.js';
export { MSG } from './messages.js';
export {
  API_BASE,
  ApiError,
  DEFAULT_TIMEOUT_MS,
  EXPORT_TIMEOUT_MS,
  transportOf,
  type ApiErrorKind,
  type Connection,
  type Received,
  type ReceivedFile,
  type RequestOptions,
  type Transport,
} from './transport.js';
