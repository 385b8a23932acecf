import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from './caller.js';
import { unauthenticated } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a bearer token (login, device upload, file links). */
    public?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** Every API route needs a live bearer token unless it is marked `config: { public: true }` (code 401 otherwise). */
export function registerAuth(
  app: FastifyInstance,
  resolveCaller: (token: string) => Promise<Caller | undefined>,
): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public || !request.routeOptions.url) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthenticated('请先登录');
    const caller = await resolveCaller(token);
    if (!caller) throw unauthenticated();
    request.caller = caller;
  });
}

/** The logged-in caller of a protected route. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated('请先登录');
  return request.caller;
}
