import { calls, type AnswerOf, type Call, type Calls, type InputOf } from '@guard-tour/contract';
import { envelopeOf, type Envelopes, type Params } from './envelope.js';
import type { Connection, RequestOptions } from './transport.js';

/** One call: its input typed from the call table, its answer the envelope's data (or a page). */
export type CallFn<C extends Call> = (
  ...args: InputOf<C> extends undefined
    ? [input?: undefined, options?: RequestOptions]
    : [input: InputOf<C>, options?: RequestOptions]
) => Promise<AnswerOf<C>>;

/** A download is a link, not a fetch: the browser opens it (its query string is the credential). */
export interface FileLink<C extends Call> {
  url(input: InputOf<C>): string;
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

function clientCall({ apiGet, apiPage, apiPost, buildUrl }: Envelopes, one: Call): unknown {
  if (one.kind === 'file')
    return { url: (input?: Record<string, string | number>) => linkTo(buildUrl, one.path, input) };
  if (one.kind === 'raw') return { path: buildUrl(one.path) };
  if (one.kind === 'list')
    return (input: unknown, options?: RequestOptions) => apiPage(one.method, one.path, input, options);
  return one.method === 'GET'
    ? (input: Params | undefined, options?: RequestOptions) => apiGet(one.path, input, options)
    : (input: unknown, options?: RequestOptions) => apiPost(one.path, input, options);
}

function clientOf<T extends Record<string, Record<string, Call>>>(table: T, envelopes: Envelopes): ClientOf<T> {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [area, entries] of Object.entries(table)) {
    client[area] = Object.fromEntries(Object.entries(entries).map(([name, one]) => [name, clientCall(envelopes, one)]));
  }
  return client as ClientOf<T>;
}

/**
 * The one way to call the server, made from the call table: `api.device.saveDevice(body)`. The console and the guard
 * app use the browser's (api.ts), the simulator its own connections. No path is written anywhere else.
 */
export function createClient(connection: Connection): ClientOf<Calls> {
  return clientOf(calls, envelopeOf(connection));
}
