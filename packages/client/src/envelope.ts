import { ResultCode } from '@guard-tour/contract';
import { MSG } from './messages.js';
import { ApiError, transportOf, type Connection, type RequestOptions } from './transport.js';

/**
 * The envelope reader. It alone reads `{code, msg, data, total}`: callers get data, or an ApiError whose message is
 * ready to show. Calls go through the client typed from the call table (`client.ts`); these are its transport.
 */
export interface Paged<T> {
  rows: T[];
  total: number;
}

export type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** `base` + the path, with the parameters as a query string (lists as repeated keys). */
export function urlOf(base: string, path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.append(key, String(value));
  }
  const qs = query.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
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

export interface Sent {
  method: 'GET' | 'POST';
  path: string;
  params?: Params;
  body?: unknown;
}

export interface Envelopes {
  /** The connection's base + the path, with the parameters as a query string. */
  buildUrl(path: string, params?: Params): string;
  /**
   * What a reply without data stands for, as an ApiError whose message is ready to show. A 401 envelope ends the
   * session first (the connection's `unauthorized`). Also read by the alert stream, whose refusals come as an envelope.
   */
  failureOf(status: number, body: unknown, options?: RequestOptions): ApiError;
  /** One call: the envelope's data and total, or the ApiError of its failure. */
  send(req: Sent, options?: RequestOptions): Promise<{ data: unknown; total: number }>;
  /** GET with parameters in the query string; resolves to the envelope's data. */
  apiGet<T>(path: string, params?: Params, options?: RequestOptions): Promise<T>;
  /** POST with a JSON body; resolves to the envelope's data. */
  apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** A paged list (GET or POST): rows plus the full count. */
  apiPage<T>(method: 'GET' | 'POST', path: string, input?: unknown, options?: RequestOptions): Promise<Paged<T>>;
  /** POST of a paged list: rows plus the full count. */
  apiPostPage<T>(path: string, body?: unknown, options?: RequestOptions): Promise<Paged<T>>;
}

/** The envelope calls of one connection. */
export function envelopeOf(connection: Connection): Envelopes {
  const { fetchJson } = transportOf(connection);
  const buildUrl = (path: string, params?: Params) => urlOf(connection.base, path, params);

  function failureOf(status: number, body: unknown, options: RequestOptions = {}): ApiError {
    if (!isEnvelope(body)) {
      // A proxy or a stopped server answered, not our API.
      if (status >= 500 || status === 0) return new ApiError('network', MSG.network, status);
      return new ApiError('server', `${MSG.loadFailed}（HTTP ${status}）`, status);
    }
    const message = usableMsg(body.msg) ?? MSG.loadFailed;
    if (body.code === ResultCode.unauthenticated && options.redirectOn401 !== false) {
      connection.unauthorized(message);
      return new ApiError('unauthenticated', message, body.code);
    }
    return new ApiError('server', message, body.code);
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

  async function apiPage<T>(
    method: 'GET' | 'POST',
    path: string,
    input?: unknown,
    options?: RequestOptions,
  ): Promise<Paged<T>> {
    const sent: Sent = method === 'GET' ? { method, path, params: input as Params } : { method, path, body: input };
    const { data, total } = await send(sent, options);
    return { rows: Array.isArray(data) ? (data as T[]) : [], total };
  }

  return {
    buildUrl,
    failureOf,
    send,
    apiGet: async <T>(path: string, params?: Params, options?: RequestOptions) =>
      (await send({ method: 'GET', path, params }, options)).data as T,
    apiPost: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
      (await send({ method: 'POST', path, body }, options)).data as T,
    apiPage,
    apiPostPage: <T>(path: string, body?: unknown, options?: RequestOptions) => apiPage<T>('POST', path, body, options),
  };
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
