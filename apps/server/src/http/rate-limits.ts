import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls } from '@guard-tour/contract';
import { tooManyAttempts } from '../errors.js';
import { appendHook } from './route-hooks.js';

export const TOO_MANY_REQUESTS = '请求过于频繁，请稍后再试';
export const TOO_MANY_PHOTOS = '上传照片过于频繁，请稍后再试';
export const TOO_MANY_REGISTRATIONS = '登记手机过于频繁，请稍后再试';
export const TOO_MANY_IMPORT_UPLOADS = '上传导入文件过于频繁，请稍后再试';

const MINUTE_MS = 60_000;
const API = '/proxyserver';

export interface RateLimits {
  /** Login attempts a minute from one address, across all accounts; 0: none. */
  loginPerMinute: number;
  /** Upload calls a minute from one terminal; 0: none. */
  uploadPerMinute: number;
  /** `Terminal/UploadPhoto` calls a minute by one account; 0 or absent: none. */
  photoPerMinute?: number;
  /** `Terminal/RegisterApp` calls a minute by one account; 0 or absent: none. */
  registerAppPerMinute?: number;
  /** `UploadFiles/action` (the spreadsheet imports' upload) calls a minute by one account; 0 or absent: none. */
  importUploadPerMinute?: number;
  /** Where the calls are counted: this process's memory when absent, the primary's for a server's workers. */
  store?: FastifyRateLimitStoreCtor;
}

/**
 * The terminal an upload names, as the server knows it (trimmed, upper case: `rate-1` and `RATE-1 ` are one
 * terminal, R19): the upload key is one per installation, shared by the whole fleet.
 */
function terminalOf(request: FastifyRequest): string {
  const body = request.body as { device_no?: unknown } | undefined;
  return `device:${String(body?.device_no ?? '')
    .trim()
    .toUpperCase()}`;
}

/** The account a bearer call comes from: the auth hook, which runs before a route's own hooks, has resolved it. */
function accountOf(request: FastifyRequest): string {
  return `account:${request.caller?.userId ?? 0}`;
}

/**
 * Rates counted in this server's memory (@fastify/rate-limit; for all its workers by its primary, cluster/; the
 * login lock-out of an account stays in the database, shared by every server). A refusal is code 429 with a Chinese msg before any database work:
 * - login attempts per address across all accounts (password spraying), counted before the body is even read;
 * - terminal uploads per terminal (`device_no`), counted once the body is parsed and the key checked, before the
 *   upload's transaction. Not per key: every terminal of an installation sends the same key;
 * - per account (ROLES.md): photos, phone registrations and import uploads, counted once the token is checked
 *   (a call without a live session is 401 and spends nothing) and before the body is read, each with its message;
 *   `UploadFiles` answers in its own shape (its route's error handler: `{errCode: 1, errMsg}`).
 * Registered before the routes, whose hooks it adds to.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(limits.store ? { store: limits.store } : {}),
    errorResponseBuilder: () => tooManyAttempts(TOO_MANY_REQUESTS),
  });
  const login =
    limits.loginPerMinute > 0 ? app.rateLimit({ max: limits.loginPerMinute, timeWindow: MINUTE_MS }) : undefined;
  const upload =
    limits.uploadPerMinute > 0
      ? app.rateLimit({ max: limits.uploadPerMinute, timeWindow: MINUTE_MS, keyGenerator: terminalOf })
      : undefined;
  const perAccount = (max: number | undefined, message: string) =>
    max
      ? app.rateLimit({
          max,
          timeWindow: MINUTE_MS,
          keyGenerator: accountOf,
          errorResponseBuilder: () => tooManyAttempts(message),
        })
      : undefined;
  const loginPath = (API + calls.auth.login.path).toLowerCase();
  const uploadPath = (API + calls.punch.uploadPunches.path).toLowerCase();
  const accountLimits = new Map(
    [
      [calls.guardApp.uploadPhoto.path, perAccount(limits.photoPerMinute, TOO_MANY_PHOTOS)],
      [calls.guardApp.registerApp.path, perAccount(limits.registerAppPerMinute, TOO_MANY_REGISTRATIONS)],
      [calls.upload.uploadFile.path, perAccount(limits.importUploadPerMinute, TOO_MANY_IMPORT_UPLOADS)],
    ].map(([path, hook]) => [(API + String(path)).toLowerCase(), hook] as const),
  );
  app.addHook('onRoute', (route) => {
    const url = route.url.toLowerCase();
    if (login && url === loginPath) appendHook(route, 'onRequest', login);
    if (upload && url === uploadPath) appendHook(route, 'preHandler', upload);
    const perAccountHook = accountLimits.get(url);
    if (perAccountHook) appendHook(route, 'onRequest', perAccountHook);
  });
}
