import { timingSafeEqual } from 'node:crypto';
import { allows, allowsAppSession, deniedMessage, type AuthKind, type PermissionRule } from '@guard-tour/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from './caller.js';
import { forbidden, unauthenticated } from '../errors.js';
import type { Scope } from '../features/scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (its call table entry); absent means an account's bearer token. */
    auth?: AuthKind;
    /** What a bearer route needs of the caller's role (its call table entry's `permission`). */
    permission?: PermissionRule;
  }
  interface FastifyRequest {
    /** The logged-in account of a bearer call, resolved once by the auth hook. */
    caller: Caller | null;
    /** The caller's scope, with the address the call came from; null on public and terminal calls. */
    scope: Scope | null;
  }
}

export interface AuthOptions {
  /** The account behind a bearer token, or undefined when the token is unknown, expired or revoked. */
  resolveCaller: (token: string) => Promise<Caller | undefined>;
  /** The caller's scope for one request. */
  scopeOf: (caller: Caller, ip: string) => Scope;
  /** The terminals' upload key (`Authorization: Device <key>`). */
  deviceKey: string;
}

const BEARER = /^Bearer\s+(\S+)$/i;
const DEVICE = /^Device\s+(\S+)$/i;

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The guard app's session reaching for a console call. */
export const APP_SESSION_DENIED = '巡检助手的登录不能使用此功能';

/**
 * Whether a caller may make a call guarded by `rule` (ROLES.md): an app session only the app's and the session
 * calls; any session only what its role holds. Throws the pinned 403 otherwise.
 */
export function checkPermission(caller: Caller, rule: PermissionRule | undefined): void {
  // The call table gives every bearer call a rule; a route without one (none is registered so) is refused.
  if (rule === undefined) throw forbidden(deniedMessage('session'));
  if (caller.client === 'app' && !allowsAppSession(rule)) throw forbidden(APP_SESSION_DENIED);
  if (!allows(rule, caller.permissions)) throw forbidden(deniedMessage(rule));
}

/**
 * Every API route needs what its entry's `auth` says: a live bearer token (the default; code 401 otherwise), the
 * terminals' upload key, or nothing. A bearer call's caller and scope are resolved here, once, onto the request,
 * and its permission checked against the caller's role before the body is read: a refused call changes nothing.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('scope', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return;
    const auth = request.routeOptions.config?.auth ?? 'bearer';
    if (auth === 'public') return;
    if (auth === 'device') {
      const key = DEVICE.exec(request.headers.authorization ?? '')?.[1];
      if (!key || !sameKey(key, options.deviceKey)) throw unauthenticated('终端上传密钥不正确');
      return;
    }
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthenticated('请先登录');
    const caller = await options.resolveCaller(token);
    if (!caller) throw unauthenticated();
    checkPermission(caller, request.routeOptions.config?.permission);
    request.caller = caller;
    request.scope = options.scopeOf(caller, request.ip);
  });
}

/** The logged-in caller's scope of a bearer route. */
export function scopeOfRequest(request: FastifyRequest): Scope {
  if (!request.scope) throw unauthenticated('请先登录');
  return request.scope;
}
