import {
  calls,
  wireNamesOf,
  type AnswerOf,
  type Call,
  type Calls,
  type CallerInput,
  type InputOf,
} from '@guard-tour/contract';
import { envelopeOf, type Envelopes, type Params } from './envelope.js';
import type { Connection, RequestOptions } from './transport.js';

/**
 * What a caller hands a call: its wire input, except that a call whose input the contract reads into the internal
 * shape (`internal()`) takes that shape (`holdId`, `includeChildren`, `page`, `pageSize`); the client writes each name
 * back to the call's own wire spelling (`HoldID`, `hold_id`, `PageIndex`, …) before sending.
 */
export type ClientInputOf<C extends Call> = C['input'] extends undefined
  ? undefined
  : CallerInput<Exclude<C['input'], undefined>>;

/** One call: its input typed from the call table, its answer the envelope's data (or a page). */
export type CallFn<C extends Call> = (
  ...args: InputOf<C> extends undefined
    ? [input?: undefined, options?: RequestOptions]
    : [input: ClientInputOf<C>, options?: RequestOptions]
) => Promise<AnswerOf<C>>;

/** A download is a link, not a fetch: the browser opens it (its query string is the credential). */
export interface FileLink<C extends Call> {
  url(input: ClientInputOf<C>): string;
}

export type ClientOf<T extends Record<string, Record<string, Call>>> = {
  [A in keyof T]: {
    [K in keyof T[A]]: T[A][K]['kind'] extends 'file'
      ? FileLink<T[A][K]>
      : T[A][K]['kind'] extends 'raw'
        ? { path: string }
        : CallFn<T[A][K]>;
  };
};

/** A link's query string, each part percent-encoded as browsers write links (a space is `%20`, never `+`). */
function linkTo(
  buildUrl: Envelopes['buildUrl'],
  path: string,
  input: Record<string, string | number> | undefined,
): string {
  const query = Object.entries(input ?? {})
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${buildUrl(path)}${query ? `?${query}` : ''}`;
}

/**
 * The caller's internal shape in the call's wire spellings (`names`: internal name → wire name), every other field and
 * the order as they were. Made once per call when the client is made; a call without such names sends its input as is.
 */
function wireWriter(names: Readonly<Record<string, string>>): <T>(input: T) => T {
  if (Object.keys(names).length === 0) return (input) => input;
  return <T>(input: T): T => {
    if (typeof input !== 'object' || input === null) return input;
    const wire: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) wire[(Object.hasOwn(names, key) && names[key]) || key] = value;
    return wire as T;
  };
}

function clientCall({ apiGet, apiPage, apiPost, buildUrl }: Envelopes, one: Call): unknown {
  const toWire = wireWriter(one.input === undefined ? {} : wireNamesOf(one.input));
  if (one.kind === 'file')
    return { url: (input?: Record<string, string | number>) => linkTo(buildUrl, one.path, toWire(input)) };
  if (one.kind === 'raw') return { path: buildUrl(one.path) };
  if (one.kind === 'list')
    return (input: unknown, options?: RequestOptions) => apiPage(one.method, one.path, toWire(input), options);
  return one.method === 'GET'
    ? (input: Params | undefined, options?: RequestOptions) => apiGet(one.path, toWire(input), options)
    : (input: unknown, options?: RequestOptions) => apiPost(one.path, toWire(input), options);
}

function clientOf<T extends Record<string, Record<string, Call>>>(table: T, envelopes: Envelopes): ClientOf<T> {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [area, entries] of Object.entries(table)) {
    client[area] = Object.fromEntries(Object.entries(entries).map(([name, one]) => [name, clientCall(envelopes, one)]));
  }
  return client as ClientOf<T>;
}

/**
 * The one way to call the server, made from the call table: `api.device.saveDevice(body)`. The console uses the
 * browser's (api.ts), the simulator its own connections. No path is written anywhere else.
 */
export function createClient(connection: Connection): ClientOf<Calls> {
  return clientFor(calls, connection);
}

/**
 * A client of some areas of the call table, e.g. `{ auth: authCalls, safety: safetyCalls }`: the guard app's, whose
 * bundle then holds only those areas' schemas (the contract is free of side effects but for its messages).
 */
export function clientFor<T extends Record<string, Record<string, Call>>>(
  table: T,
  connection: Connection,
): ClientOf<T> {
  return clientOf(table, envelopeOf(connection));
}
