import type { RouteOptions } from 'fastify';

type RouteHookKind = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Adds a hook to one route's own hooks of that kind (after the app-wide ones, such as the auth hook): work only a
 * few routes need (a rate limit, the export slots, the upload's metrics) costs the others' requests nothing.
 */
export function appendHook(route: RouteOptions, kind: RouteHookKind, hook: unknown): void {
  const existing = route[kind];
  route[kind] = [...(existing === undefined ? [] : [existing].flat()), hook] as never;
}
