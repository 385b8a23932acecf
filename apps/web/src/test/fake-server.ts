import { vi } from 'vitest';

export interface Call {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => { code?: number; msg?: string; data?: unknown; total?: number };

/**
 * A stand-in for the server at the network boundary: each path (after /proxyserver/api) answers with an
 * envelope; every call is recorded. Unknown paths answer 404.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname.replace(/^\/proxyserver\/api/, '');
    const call: Call = { path, query: parsed.searchParams, body: init.body ? JSON.parse(String(init.body)) : null };
    calls.push(call);
    const handler = routes[path];
    const reply = handler ? { code: 200, msg: '', ...handler(call) } : { code: 404, msg: '没有这个接口', data: null };
    return Promise.resolve(new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } }));
  });
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}
