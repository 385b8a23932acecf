import { ResultCode } from '@guard-tour/contract';
import { MSG } from './messages';
import { clearSession } from './session';
import { API_BASE, ApiError, fetchJson, type RequestOptions } from './transport';

/**
 * The envelope reader. It alone reads `{code, msg, data, total}`: pages get data, or an ApiError whose message is
 * ready to show. Calls go through the client typed from the call table (`api.ts`); these are its transport.
 */
export { API_BASE, ApiError, DEFAULT_TIMEOUT_MS, EXPORT_TIMEOUT_MS } from './transport';
export type { ApiErrorKind, RequestOptions } from './transport';

export interface Paged<T> {
  rows: T[];
  total: number;
}

export type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The app registers how to reach the login page (a router navigation) once it starts. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** `/proxyserver` + the path, with the parameters as a query string (lists as repeated keys). */
export function buildUrl(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.append(key, String(value));
  }
  const qs = query.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function usableMsg(msg: unknown): string | null {
  if (typeof msg !== 'string') return null;
  const text = msg.trim();
  return text && text !== 'undefined' && text !== 'null' ? text : null;
}

interface EnvelopeLike {
  code: number;
  msg?: unknown;
  data?: unknown;
  total?: unknown;
}

function isEnvelope(body: unknown): body is EnvelopeLike {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  params?: Params;
  body?: unknown;
}

async function send(req: Sent, options: RequestOptions = {}): Promise<{ data: unknown; total: number }> {
  const post = req.method === 'POST';
  const { status, body } = await fetchJson(
    buildUrl(req.path, req.params),
    {
      method: req.method,
      headers: post ? { 'Content-Type': 'application/json' } : {},
      body: post ? JSON.stringify(req.body ?? {}) : undefined,
    },
    options,
  );

  if (isEnvelope(body) && body.code === ResultCode.ok) {
    return { data: body.data ?? null, total: typeof body.total === 'number' ? body.total : 0 };
  }
  throw failureOf(status, body, options);
}

/**
 * What a reply without data stands for, as an ApiError whose message is ready to show. A 401 envelope ends the
 * session first (and goes to the login page). Also read by the alert stream, whose refusals come as an envelope.
 */
export function failureOf(status: number, body: unknown, options: RequestOptions = {}): ApiError {
  if (!isEnvelope(body)) {
    // A proxy or a stopped server answered, not our API.
    if (status >= 500 || status === 0) return new ApiError('network', MSG.network, status);
    return new ApiError('server', `${MSG.loadFailed}（HTTP ${status}）`, status);
  }
  const message = usableMsg(body.msg) ?? MSG.loadFailed;
  if (body.code === ResultCode.unauthenticated && options.redirectOn401 !== false) {
    clearSession();
    onUnauthorized();
    return new ApiError('unauthenticated', message, body.code);
  }
  return new ApiError('server', message, body.code);
}

/** GET with parameters in the query string; resolves to the envelope's data. */
export async function apiGet<T>(path: string, params?: Params, options?: RequestOptions): Promise<T> {
  return (await send({ method: 'GET', path, params }, options)).data as T;
}

/** POST with a JSON body; resolves to the envelope's data. */
export async function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return (await send({ method: 'POST', path, body }, options)).data as T;
}

/** A paged list (GET or POST): rows plus the full count. */
export async function apiPage<T>(
  method: 'GET' | 'POST',
  path: string,
  input?: unknown,
  options?: RequestOptions,
): Promise<Paged<T>> {
  const sent: Sent = method === 'GET' ? { method, path, params: input as Params } : { method, path, body: input };
  const { data, total } = await send(sent, options);
  return { rows: Array.isArray(data) ? (data as T[]) : [], total };
}

/** POST of a paged list: rows plus the full count. */
export function apiPostPage<T>(path: string, body?: unknown, options?: RequestOptions): Promise<Paged<T>> {
  return apiPage('POST', path, body, options);
}

/** The text to show for any thrown value. */
export function errorText(error: unknown, fallback: string = MSG.loadFailed): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

/** A list or detail that failed to load (spec section 8): 错了哦，接口出错！ plus what went wrong. */
export function loadErrorText(error: unknown): string {
  const detail = errorText(error, '');
  return detail && detail !== MSG.loadFailed ? `${MSG.loadFailed}${detail}` : MSG.loadFailed;
}
