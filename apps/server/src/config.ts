import path from 'node:path';

/** Every environment variable the server reads, parsed once (ARCHITECTURE.md, Configuration). */
export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL connection string; unset means PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL: a standby (HAProxy's replica port) that exports and statistics read from; unset means they
   * read from DATABASE_URL. Only with DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  dataDir: string;
  tzName: string;
  /** The first admin's password; undefined means the embedded default (`admin123`). */
  adminPassword: string | undefined;
  /** Undefined: generated at first start and kept in `dataDir`. */
  deviceUploadKey: string | undefined;
  /** Fill the demo tenant on a new database. */
  demo: boolean;
  /**
   * Which proxies' `X-Forwarded-For` names the caller (the lock-out counts per address): `loopback` (a proxy on
   * this machine), or a comma-separated list of the load balancers' addresses or CIDR ranges.
   */
  trustProxy: string;
  /**
   * Hosts and CIDR ranges webhooks may reach besides public `https://` addresses (WEBHOOK_ALLOW_HOSTS,
   * comma-separated): an operator's own receiver, or the tests' on 127.0.0.1. Over http:// or https://.
   */
  webhookAllowHosts: string[];
  /**
   * The server's public address (PUBLIC_URL, e.g. `https://patrol.example.com`): what printed QR labels send a
   * phone to. Unset: the address of the request that asks for the labels.
   */
  publicUrl: string | undefined;
  /**
   * The mail server of scheduled reports (SMTP_URL: `smtp://user:pass@host:587`, `smtps://…`) and their sender
   * (MAIL_FROM); both or neither. Unset: e-mail subscriptions cannot be saved (DIGESTS.md).
   */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** `Authorization: Bearer …` that opens `/proxyserver/metrics` to callers off this machine (METRICS_TOKEN). */
  metricsToken: string | undefined;
  /** Login attempts a minute from one address across all accounts (LOGIN_RATE_LIMIT; 0: no limit). */
  loginRateLimit: number;
  /** Upload calls a minute from one terminal (`device_no`) (UPLOAD_RATE_LIMIT; 0: no limit). */
  uploadRateLimit: number;
  /** Guard app photos a minute by one account (PHOTO_RATE_LIMIT; 0: no limit). */
  photoRateLimit: number;
  /** Phone registrations (`RegisterApp`) a minute by one account (REGISTER_APP_RATE_LIMIT; 0: no limit). */
  registerAppRateLimit: number;
  /** Import spreadsheet uploads (`UploadFiles`) a minute by one account (IMPORT_UPLOAD_RATE_LIMIT; 0: no limit). */
  importUploadRateLimit: number;
  /** Days the login and operation log (sys_log) is kept (LOG_RETENTION_DAYS); older rows are deleted daily. */
  logRetentionDays: number;
  /**
   * Each reply also encoded by zod and compared with what its writer wrote (CHECK_REPLIES; the tests' servers):
   * a value of the wrong type fails the answer instead of being converted (http/reply-serializer.ts).
   */
  checkReplies: boolean;
  /**
   * The server's processes on this machine (WORKERS, default 1): with more, each serves requests on the one port,
   * sharing the server's limits through the primary (cluster/). Only on PostgreSQL: PGlite is one process's.
   */
  workers: number;
}

export const DEFAULT_ADMIN_PASSWORD = 'admin123';

export class ConfigError extends Error {}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT 无效：${value}`);
  return port;
}

function parseLimit(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 0) throw new ConfigError(`${name} 应为非负整数：${value}`);
  return limit;
}

function parseRetentionDays(value: string | undefined): number {
  if (value === undefined || value === '') return 365;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) throw new ConfigError(`LOG_RETENTION_DAYS 应为正整数（天数）：${value}`);
  return days;
}

function parseFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function parseTrustProxy(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return 'loopback';
  if (/^(true|false|\d+)$/i.test(text)) {
    throw new ConfigError('TRUST_PROXY 需写明负载均衡的地址或网段（如 10.0.0.5,10.0.1.0/24）');
  }
  return text;
}

function parseMail(env: NodeJS.ProcessEnv): { smtpUrl: string | undefined; mailFrom: string | undefined } {
  const smtpUrl = (env.SMTP_URL ?? '').trim() || undefined;
  const mailFrom = (env.MAIL_FROM ?? '').trim() || undefined;
  if (Boolean(smtpUrl) !== Boolean(mailFrom)) {
    throw new ConfigError('SMTP_URL（邮件服务器）与 MAIL_FROM（发件人地址）需同时设置');
  }
  if (smtpUrl) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // Reported below without the URL, which may hold a password.
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') {
      throw new ConfigError('SMTP_URL 应为 smtp://用户名:密码@主机:端口 或 smtps://…');
    }
  }
  return { smtpUrl, mailFrom };
}

function checkTimeZone(name: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    throw new ConfigError(`TZ_NAME 不是有效的时区：${name}`);
  }
}

/**
 * WORKERS: a whole number from 1 to 64, by default 1; more than 1 only on PostgreSQL (PGlite is one process's).
 * One by default: on a machine whose cores the server shares with its database, two workers served about as many
 * requests as one process but with a worse tail (design notes, A server of several processes).
 */
function parseWorkers(value: string | undefined, postgres: boolean): number {
  if (value === undefined || value === '') return 1;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new ConfigError(`WORKERS 应为 1 到 64 的整数（服务进程数）：${value}`);
  }
  if (workers > 1 && !postgres) {
    throw new ConfigError('WORKERS 大于 1 需使用 PostgreSQL（DATABASE_URL）：嵌入式 PGlite 只能由一个进程打开');
  }
  return workers;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  const databaseReadUrl = env.DATABASE_READ_URL || undefined;
  if (databaseReadUrl && !databaseUrl) {
    throw new ConfigError('DATABASE_READ_URL（只读备库）需与 DATABASE_URL 一起使用');
  }
  if (databaseUrl && !adminPassword) {
    throw new ConfigError('使用 DATABASE_URL 时必须设置 ADMIN_PASSWORD（首个管理员的密码）');
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    databaseReadUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    tzName: checkTimeZone(env.TZ_NAME || 'Asia/Shanghai'),
    adminPassword,
    deviceUploadKey: env.DEVICE_UPLOAD_KEY || undefined,
    demo: parseFlag(env.DEMO, !databaseUrl),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webhookAllowHosts: (env.WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
    publicUrl: (env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '') || undefined,
    ...parseMail(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    loginRateLimit: parseLimit('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30),
    uploadRateLimit: parseLimit('UPLOAD_RATE_LIMIT', env.UPLOAD_RATE_LIMIT, 600),
    photoRateLimit: parseLimit('PHOTO_RATE_LIMIT', env.PHOTO_RATE_LIMIT, 60),
    registerAppRateLimit: parseLimit('REGISTER_APP_RATE_LIMIT', env.REGISTER_APP_RATE_LIMIT, 10),
    importUploadRateLimit: parseLimit('IMPORT_UPLOAD_RATE_LIMIT', env.IMPORT_UPLOAD_RATE_LIMIT, 20),
    logRetentionDays: parseRetentionDays(env.LOG_RETENTION_DAYS),
    checkReplies: parseFlag(env.CHECK_REPLIES, false),
    workers: parseWorkers(env.WORKERS, Boolean(databaseUrl)),
  };
}
