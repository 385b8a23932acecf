import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.js';

describe('TRUST_PROXY: whose X-Forwarded-For names the caller', () => {
  it('trusts only a proxy on this machine unless told otherwise', () => {
    expect(readConfig({}).trustProxy).toBe('loopback');
  });

  it('takes the load balancers’ addresses and ranges', () => {
    expect(readConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).trustProxy).toBe('10.0.0.5, 10.0.1.0/24');
  });

  it('refuses to trust everyone or any hop, which would let a caller forge its address past the lock-out', () => {
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => readConfig({ TRUST_PROXY: '2' })).toThrow(ConfigError);
  });
});

describe('DATABASE_READ_URL: the standby exports and statistics read from', () => {
  it('is read with DATABASE_URL and refused without it', () => {
    const base = { DATABASE_URL: 'postgres://app@db:5000/x', ADMIN_PASSWORD: 'x' };
    expect(readConfig(base).databaseReadUrl).toBeUndefined();
    expect(readConfig({ ...base, DATABASE_READ_URL: 'postgres://app@db:5001/x' }).databaseReadUrl).toBe(
      'postgres://app@db:5001/x',
    );
    expect(() => readConfig({ DATABASE_READ_URL: 'postgres://app@db:5001/x' })).toThrow(ConfigError);
  });
});

describe('operations settings', () => {
  it('keeps the metrics closed to other machines unless METRICS_TOKEN is set', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: 's3cret' }).metricsToken).toBe('s3cret');
  });

  it('checks each reply with zod only when CHECK_REPLIES asks', () => {
    expect(readConfig({}).checkReplies).toBe(false);
    expect(readConfig({ CHECK_REPLIES: '1' }).checkReplies).toBe(true);
  });

  it('limits logins and uploads by default, takes 0 as off and refuses nonsense', () => {
    expect(readConfig({})).toMatchObject({ loginRateLimit: 30, uploadRateLimit: 600 });
    expect(readConfig({ LOGIN_RATE_LIMIT: '0', UPLOAD_RATE_LIMIT: '1200' })).toMatchObject({
      loginRateLimit: 0,
      uploadRateLimit: 1200,
    });
    expect(() => readConfig({ LOGIN_RATE_LIMIT: '-1' })).toThrow(ConfigError);
    expect(() => readConfig({ UPLOAD_RATE_LIMIT: 'many' })).toThrow(ConfigError);
  });
});

describe('WORKERS: the server’s processes on this machine', () => {
  const postgres = { DATABASE_URL: 'postgres://app@db:5000/x', ADMIN_PASSWORD: 'x' };

  it('runs one process unless told, on either database', () => {
    expect(readConfig(postgres).workers).toBe(1);
    expect(readConfig({}).workers).toBe(1);
    expect(readConfig({ ...postgres, WORKERS: '3' }).workers).toBe(3);
    expect(readConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses several processes on PGlite, which one process opens, and nonsense', () => {
    expect(() => readConfig({ WORKERS: '2' })).toThrow('WORKERS 大于 1 需使用 PostgreSQL');
    for (const value of ['0', '-1', '1.5', 'two', '65']) {
      expect(() => readConfig({ ...postgres, WORKERS: value })).toThrow(ConfigError);
    }
  });
});
