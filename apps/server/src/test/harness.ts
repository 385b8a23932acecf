import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Envelope } from '@guard-tour/contract';
import { buildApp } from '../app.js';
import { readConfig, type Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import { prepareDatabase } from '../db/startup.js';
import { freshDatabase } from './test-database.js';

/** A clock the tests set; nothing sleeps. */
export class TestClock {
  constructor(private current = new Date('2026-11-20T02:00:00Z')) {}
  now = (): Date => new Date(this.current);
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const ADMIN = { user_name: 'admin', user_password: 'admin123' } as const;
export const DEVICE_KEY = 'test-device-key';
/** Calls a minute the API suites may make from one address, terminal or account. */
const SUITE_RATE_LIMIT = 100_000;

export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  database: Database;
  /** POST a JSON body to an API path (under /proxyserver/api) and read the envelope. */
  post<T = unknown>(path: string, body: unknown, token?: string, ip?: string): Promise<Envelope<T>>;
  /** GET an API path with query parameters and read the envelope. */
  get<T = unknown>(path: string, query?: Record<string, string | number>, token?: string): Promise<Envelope<T>>;
  /** Logs in and returns the token (fails the test if the login is refused). */
  login(user?: { user_name: string; user_password: string }, remember?: boolean): Promise<string>;
}

/**
 * The real server on a fresh real database for one test file (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set). Requests go through `app.inject`: no port, no network.
 */
export function useHarness(overrides: Partial<Config> = {}): Harness {
  const clock = new TestClock();
  const harness = { clock } as Harness;

  beforeAll(async () => {
    const database = await freshDatabase();
    // The per-server rates (http/rate-limits.ts) stay far above what a suite sends from its one address, so
    // suites that log in or upload hundreds of times test their own rules; rate-limits.test.ts sets real ones.
    const config: Config = {
      ...readConfig({ DATA_DIR: '/nonexistent-test-data', CHECK_REPLIES: '1' }),
      demo: false,
      loginRateLimit: SUITE_RATE_LIMIT,
      uploadRateLimit: SUITE_RATE_LIMIT,
      photoRateLimit: SUITE_RATE_LIMIT,
      registerAppRateLimit: SUITE_RATE_LIMIT,
      importUploadRateLimit: SUITE_RATE_LIMIT,
      ...overrides,
    };
    const ctx: AppContext = {
      db: database.db,
      config,
      now: clock.now,
      deviceKey: DEVICE_KEY,
      listen: database.listen,
    };
    await prepareDatabase(database, config, clock.now());
    const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
    await app.ready();

    const send = async <T>(options: InjectOptions): Promise<Envelope<T>> => {
      const response = await app.inject(options);
      return response.json() as Envelope<T>;
    };
    const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
    Object.assign(harness, {
      app,
      ctx,
      database,
      post: (path: string, body: unknown, token?: string, ip?: string) =>
        send({
          method: 'POST',
          url: `/proxyserver/api${path}`,
          payload: body as object,
          headers: auth(token),
          remoteAddress: ip,
        }),
      get: (path: string, query?: Record<string, string | number>, token?: string) =>
        send({
          method: 'GET',
          url: `/proxyserver/api${path}`,
          query: Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)])),
          headers: auth(token),
        }),
      async login(user = ADMIN, remember = false) {
        const reply = await harness.post<{ token: string }>('/UserInfo/Login_Web', {
          ...user,
          remember_login: remember,
        });
        if (reply.code !== 200) throw new Error(`login of ${user.user_name} refused: ${reply.code} ${reply.msg}`);
        return reply.data.token;
      },
    });
  });

  afterAll(async () => {
    await harness.app?.close();
    await harness.database?.close();
  });

  return harness;
}
