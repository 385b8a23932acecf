import { PERMISSION_KEYS, type LoginResult } from '@guard-tour/contract';
import { beforeEach, vi } from 'vitest';
import { setUnauthorizedHandler } from './browser.js';

/**
 * The client's test helpers (`@guard-tour/client/testing`, tests only: the package's build leaves this file out), for
 * its own tests and the console's.
 */

/** What login answers for the installation's first administrator: 管理员, every key. */
export const ADMIN_SESSION: LoginResult = {
  token: 'tok-123',
  userName: 'admin',
  trueName: '管理员',
  userType: 1,
  serviceEnd: '2099-12-31',
  defaultPassword: false,
  timeZone: 'Asia/Shanghai',
  roleId: 1,
  roleName: '管理员',
  permissions: [...PERMISSION_KEYS],
};

/**
 * Each test of the enclosing block starts in a browser with nothing stored; the login page's handler (what a 401
 * envelope calls) is the returned mock.
 */
export function freshBrowserEach() {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
  });
  return onUnauthorized;
}

/** One request as the network saw it. */
export interface Seen {
  url: string;
  init: RequestInit;
}

/** A stand-in for the network only: answers each request with the given body and HTTP status, and keeps what it saw. */
export function answering(body: unknown, status = 200): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const stub = (url: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push({ url: String(url), init });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status, headers: { 'Content-Type': 'application/json' } }));
  };
  return { fetch: stub, seen };
}
