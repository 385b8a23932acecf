import { vi } from 'vitest';

export interface Call {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Reply = { code?: number; msg?: string; data?: unknown; total?: number } & Record<string, unknown>;
/** A handler answers at once, or later (a promise) to hold a call in flight. */
type Handler = (call: Call) => Reply | Promise<Reply>;

/**
 * A stand-in for the server at the network boundary: each path (after /proxyserver/api) answers with an
 * envelope; every call is recorded. Unknown paths answer 404.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname.replace(/^\/proxyserver\/api/, '');
    // A JSON body is read back; a multipart one (a file upload) is kept as it was sent.
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const call: Call = { path, query: parsed.searchParams, body };
    calls.push(call);
    const handler = routes[path];
    const reply = handler ? handler(call) : { code: 404, msg: '没有这个接口', data: null };
    return Promise.resolve(reply).then(
      (answer) =>
        new Response(JSON.stringify({ code: 200, msg: '', ...answer }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
  });
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}
