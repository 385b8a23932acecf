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
