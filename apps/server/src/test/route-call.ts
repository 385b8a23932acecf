import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../app.js';
import type { Harness } from './harness.js';

/** A registered API route as the bad-input tests see it: `POST /DeviceInfo/SaveDeviceInfo` and its zod schema. */
export interface RouteRef {
  key: string;
  method: string;
  path: string;
  /** Answers without a bearer token (login, terminal upload, file links). */
  public: boolean;
  /** The zod schema of its body or query, when it takes input. */
  input?: InputSchema;
}

/**
 * A route's zod schema as far as the tests read it: `safeParse`; `shape` for an object; `in` for a pipe (the
 * contract's `internal` reads the wire's object into the internal shape), whose input side is what the wire sends.
 */
export interface InputSchema {
  safeParse: (value: unknown) => { success: boolean };
  shape?: Record<string, unknown>;
  in?: InputSchema;
}

/** Every API route the server registers (`app.apiRoutes`), keyed as the isolation matrix keys them. */
export function registeredRoutes(app: FastifyInstance): RouteRef[] {
  return app.apiRoutes.map((route) => {
    const path = route.url.slice(API_PREFIX.length);
    const key = `${route.method} ${path}`;
    return { key, method: route.method, path, public: route.public, input: route.input as RouteRef['input'] };
  });
}

/** The field names a route's contract knows, as the wire spells them (through a pipe to the object it reads). */
export function fieldsOf(route: RouteRef): string[] {
  let schema = route.input;
  while (schema && !schema.shape && schema.in) schema = schema.in;
  return Object.keys(schema?.shape ?? {});
}

/** Whether the route's own contract refuses an input as the server receives it (then it must answer 400). */
export function contractRefuses(route: RouteRef, input: unknown): boolean {
  return route.input !== undefined && !route.input.safeParse(asReceived(route, input)).success;
}

/** An input as the server parses it: JSON's round trip for a body, text (repeated keys as arrays) for a query. */
function asReceived(route: RouteRef, input: unknown): unknown {
  if (route.method !== 'GET') return JSON.parse(JSON.stringify(input ?? {})) as unknown;
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    const texts = [value].flat().map(queryText);
    if (texts.length > 0) query[key] = texts.length === 1 ? texts[0]! : texts;
  }
  return query;
}

export interface RawRequest {
  /** JSON body (POST) or query parameters (GET); arrays in a query repeat the parameter. */
  input?: unknown;
  /** A query string sent as it is, instead of `input`. */
  rawQuery?: string;
  /** A body sent as it is, instead of `input`. */
  payload?: string;
  contentType?: string;
}

/** The address the bad-input calls come from, so that their failed logins lock nobody else out. */
export const FUZZ_ADDRESS = '10.66.0.1';

/** Sends one request to a route exactly as given, with the caller's headers. */
export function callRoute(
  h: Harness,
  route: RouteRef,
  headers: Record<string, string>,
  request: RawRequest,
): Promise<LightMyRequestResponse> {
  const url = `${API_PREFIX}${route.path}`;
  if (route.method === 'GET') {
    const query = request.rawQuery ?? queryString(request.input);
    return h.app.inject({ method: 'GET', url: query ? `${url}?${query}` : url, headers, remoteAddress: FUZZ_ADDRESS });
  }
  const payload = request.payload ?? JSON.stringify(request.input ?? {});
  return h.app.inject({
    method: route.method as 'POST',
    url,
    payload,
    headers: { 'content-type': request.contentType ?? 'application/json', ...headers },
    remoteAddress: FUZZ_ADDRESS,
  });
}

/** A value as query text: itself when it is text, else its JSON. */
function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function queryString(input: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    for (const one of [value].flat()) params.append(key, queryText(one));
  }
  return params.toString();
}
