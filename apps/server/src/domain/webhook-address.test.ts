import type { LookupAddress } from 'node:dns';
import { webhookMessages } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_PRIVATE_CODE,
  allowListOf,
  checkWebhookUrl,
  isAllowedHost,
  isPublicAddress,
  webhookLookup,
  type WebhookAllowList,
} from './webhook-address.js';

const nothingAllowed = allowListOf([]);
const refusal = (url: string, allow = nothingAllowed) => {
  const checked = checkWebhookUrl(url, allow);
  return checked.ok ? 'ok' : checked.message;
};

/** Resolves a name through webhookLookup the way net.connect asks: one address, or all of them. */
function lookUp(allow: WebhookAllowList, host: string, all: boolean) {
  return new Promise<{ code?: string; address: string | LookupAddress[] }>((resolve) => {
    webhookLookup(allow)(host, { all }, (error, address) => resolve({ code: error?.code, address }));
  });
}

describe('public addresses', () => {
  it('refuses the operator network, loopback and the cloud metadata address', () => {
    for (const ip of ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '127.0.0.1', '169.254.169.254']) {
      expect(isPublicAddress(ip, 4), ip).toBe(false);
    }
  });

  it('refuses the special-purpose IPv4 ranges', () => {
    const ips = ['0.0.0.0', '100.64.0.1', '192.0.0.8', '192.0.2.1', '198.18.0.1', '198.51.100.7', '203.0.113.9'];
    for (const ip of [...ips, '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255']) {
      expect(isPublicAddress(ip, 4), ip).toBe(false);
    }
  });

  it('lets the public internet through', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '223.5.5.5']) {
      expect(isPublicAddress(ip, 4), ip).toBe(true);
    }
    for (const ip of ['2400:3200::1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPublicAddress(ip, 6), ip).toBe(true);
    }
  });

  it('refuses IPv6 loopback, unique-local, link-local, multicast and documentation space', () => {
    for (const ip of ['::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '2001:db8::1']) {
      expect(isPublicAddress(ip, 6), ip).toBe(false);
    }
  });

  it('sees through an IPv6 address that stands for a private IPv4 one', () => {
    const ips = ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:10.0.0.1', '::ffff:0:192.168.0.1', '64:ff9b::a00:1'];
    for (const ip of [...ips, '2002:a00:1::1', '::ffff:169.254.169.254']) {
      expect(isPublicAddress(ip, 6), ip).toBe(false);
    }
  });

  it('does not take an address for the other family', () => {
    expect(isPublicAddress('8.8.8.8', 6)).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});

describe('the allow list of WEBHOOK_ALLOW_HOSTS', () => {
  const allow = allowListOf([' Hooks.Example.Local ', '127.0.0.1/32', '10.0.0.0/8', 'fd00::/8', '192.168.5.5']);

  it('matches host names case-insensitively and addresses by range', () => {
    expect(isAllowedHost(allow, 'hooks.example.local')).toBe(true);
    expect(isAllowedHost(allow, 'HOOKS.example.local.')).toBe(true);
    expect(isAllowedHost(allow, 'other.example.local')).toBe(false);
    expect(isAllowedHost(allow, '10.200.0.1')).toBe(true);
    expect(isAllowedHost(allow, '127.0.0.2')).toBe(false);
    expect(isAllowedHost(allow, '[fd00::5]')).toBe(true);
    expect(isAllowedHost(allow, '192.168.5.5')).toBe(true);
    expect(isAllowedHost(allow, '::ffff:127.0.0.1')).toBe(true);
  });

  it('stops start-up on an entry that is none of host, address or range', () => {
    expect(() => allowListOf(['10.0.0.0/33'])).toThrow(/WEBHOOK_ALLOW_HOSTS/);
    expect(() => allowListOf(['hooks.local/8'])).toThrow(/WEBHOOK_ALLOW_HOSTS/);
    expect(() => allowListOf(['hooks.local:8443'])).toThrow(/WEBHOOK_ALLOW_HOSTS/);
    expect(() => allowListOf(['', '  '])).not.toThrow();
  });
});

describe('a hook URL before it is saved or tried', () => {
  it('accepts https to a public host', () => {
    expect(refusal('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc')).toBe('ok');
    expect(refusal('https://8.8.8.8/hook')).toBe('ok');
  });

  it('refuses plain http, other schemes, credentials and garbage', () => {
    for (const url of ['http://example.com/hook', 'file:///etc/passwd', 'ftp://example.com/', 'gopher://x/', 'hook']) {
      expect(refusal(url), url).toBe(webhookMessages.badUrl);
    }
    expect(refusal('https://user:pw@example.com/')).toBe(webhookMessages.badUrl);
    expect(refusal('https://user@example.com/')).toBe(webhookMessages.badUrl);
  });

  it('refuses addresses in the operator network, however they are spelled', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:10.0.0.1]:8443/',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/',
      'https://api.localhost/',
    ]) {
      expect(refusal(url), url).toBe(webhookMessages.privateAddress);
    }
  });

  it('lets the operator open a receiver on its own network, over http too', () => {
    const allow = allowListOf(['127.0.0.1', 'hooks.example.local']);
    expect(refusal('http://127.0.0.1:9999/hook', allow)).toBe('ok');
    expect(refusal('https://hooks.example.local/hook', allow)).toBe('ok');
    expect(refusal('http://127.0.0.2/hook', allow)).toBe(webhookMessages.badUrl);
    expect(refusal('https://127.0.0.2/hook', allow)).toBe(webhookMessages.privateAddress);
    expect(refusal('http://user:pw@127.0.0.1/hook', allow)).toBe(webhookMessages.badUrl);
  });
});

describe('resolving a hook host at connect time', () => {
  it('fails a name that resolves to loopback, one address or all of them', async () => {
    for (const all of [false, true]) {
      expect((await lookUp(nothingAllowed, 'localhost', all)).code).toBe(WEBHOOK_PRIVATE_CODE);
    }
  });

  it('resolves it when the name or its address is allowed', async () => {
    for (const allow of [allowListOf(['localhost']), allowListOf(['127.0.0.0/8', '::1'])]) {
      expect((await lookUp(allow, 'localhost', false)).address).toMatch(/^(127\.0\.0\.1|::1)$/);
      const all = (await lookUp(allow, 'localhost', true)).address as LookupAddress[];
      expect(all.length).toBeGreaterThan(0);
    }
  });

  it('passes on a name that does not resolve', async () => {
    const { code } = await lookUp(nothingAllowed, 'no-such-host.invalid', false);
    expect(code).toMatch(/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|ENODATA)$/);
  });
});
