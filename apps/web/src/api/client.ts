import { ResultCode } from '@guard-tour/contract';
import { MSG } from './messages';
import { clearSession, getToken } from './session';

/**
 * The one HTTP client. It alone reads the `{code, msg, data, total}` envelope: pages get data,
 * or an ApiError whose message is ready to show.
 */
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

export interface Paged<T> {
  rows: T[];
  total: number;
}

type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The app registers how to reach the login page (a router navigation) once it starts. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, params?: Params): string {
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
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (req.method === 'POST') headers['Content-Type'] = 'application/json';

  let response: Response;
  let body: unknown = null;
  try {
    response = await fetch(buildUrl(req.path, req.params), {
      method: req.method,
      headers,
      body: req.method === 'POST' ? JSON.stringify(req.body ?? {}) : undefined,
      signal: controller.signal,
    });
    const text = await response.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
  } catch {
    if (timedOut) throw new ApiError('timeout', MSG.network);
    if (options.signal?.aborted) throw new ApiError('aborted', '请求已取消');
    throw new ApiError('network', MSG.network);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (!isEnvelope(body)) {
    // A proxy or a stopped server answered, not our API.
    if (response.status >= 500 || response.status === 0) throw new ApiError('network', MSG.network, response.status);
    throw new ApiError('server', `${MSG.loadFailed}（HTTP ${response.status}）`, response.status);
  }

  if (body.code === ResultCode.ok) {
    return { data: body.data ?? null, total: typeof body.total === 'number' ? body.total : 0 };
  }
  const message = usableMsg(body.msg) ?? MSG.loadFailed;
  if (body.code === ResultCode.unauthenticated && options.redirectOn401 !== false) {
    clearSession();
    onUnauthorized();
    throw new ApiError('unauthenticated', message, body.code);
  }
  throw new ApiError('server', message, body.code);
}

/** GET with parameters in the query string; resolves to the envelope's data. */
export async function apiGet<T>(path: string, params?: Params, options?: RequestOptions): Promise<T> {
  return (await send({ method: 'GET', path, params }, options)).data as T;
}

/** POST with a JSON body; resolves to the envelope's data. */
export async function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return (await send({ method: 'POST', path, body }, options)).data as T;
}

/** POST of a paged list: rows plus the full count. */
export async function apiPostPage<T>(path: string, body?: unknown, options?: RequestOptions): Promise<Paged<T>> {
  const { data, total } = await send({ method: 'POST', path, body }, options);
  return { rows: Array.isArray(data) ? (data as T[]) : [], total };
}

/** GET of a paged list: rows plus the full count. */
export async function apiGetPage<T>(path: string, params?: Params, options?: RequestOptions): Promise<Paged<T>> {
  const { data, total } = await send({ method: 'GET', path, params }, options);
  return { rows: Array.isArray(data) ? (data as T[]) : [], total };
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
