import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookMessages } from '@guard-tour/contract';

/**
 * Where a webhook may be sent (ACCOUNTABILITY.md, Webhooks): public `https://` addresses only, so that an enterprise
 * admin cannot make the server knock on the operator's own network; WEBHOOK_ALLOW_HOSTS lets the operator (and the
 * tests' receiver on 127.0.0.1) open a few names and ranges, over `http://` too.
 */

export interface WebhookAllowList {
  /** Host names, lower case, without a trailing dot. */
  readonly hosts: ReadonlySet<string>;
  /** Addresses and CIDR ranges (an IPv4 rule also covers its IPv4-mapped IPv6 form). */
  readonly ranges: BlockList;
}

/** The error code of a lookup that found an address the hook may not reach. */
export const WEBHOOK_PRIVATE_CODE = 'EWEBHOOKPRIVATE';

const familyName = (family: number) => (family === 6 ? 'ipv6' : 'ipv4');
const bareHost = (host: string) =>
  host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

/** WEBHOOK_ALLOW_HOSTS → allow list. A typo fails loudly at start-up rather than silently refusing the receiver. */
export function allowListOf(entries: readonly string[]): WebhookAllowList {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const raw of entries) {
    const entry = bareHost(raw.trim());
    if (!entry) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (prefix !== undefined) {
      const bits = Number(prefix);
      if (!family || extra !== undefined || !/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
        throw new Error(`WEBHOOK_ALLOW_HOSTS: not a CIDR range: ${raw}`);
      }
      ranges.addSubnet(address, bits, familyName(family));
    } else if (family) {
      ranges.addAddress(address, familyName(family));
    } else {
      hosts.add(hostNameOf(entry, raw));
    }
  }
  return { hosts, ranges };
}

/** A host entry as the URL parser spells it (punycode, decimal IPs made dotted), so that the two compare. */
function hostNameOf(entry: string, raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(`http://${entry}`);
  } catch {
    url = undefined;
  }
  if (!url || url.host !== url.hostname || url.pathname !== '/' || url.search || url.username) {
    throw new Error(`WEBHOOK_ALLOW_HOSTS: not a host name, address or CIDR range: ${raw}`);
  }
  return bareHost(url.hostname);
}

function isAllowedAddress(allow: WebhookAllowList, ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && allow.ranges.check(ip, familyName(family));
}

/** An allowed host name, or an address literal inside an allowed range. */
export function isAllowedHost(allow: WebhookAllowList, host: string): boolean {
  const bare = bareHost(host);
  return allow.hosts.has(bare) || isAllowedAddress(allow, bare);
}

const reservedV4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  reservedV4.addSubnet(net, bits, 'ipv4');
}

/** Global unicast is 2000::/3; these parts of it are not reachable on the public internet. */
const reservedV6 = new BlockList();
for (const [net, bits] of [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const) {
  reservedV6.addSubnet(net, bits, 'ipv6');
}
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit words of a valid IPv6 address (an IPv4 tail becomes the last two). */
function ipv6Words(ip: string): number[] {
  const hex = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [Number(a) * 256 + Number(b), Number(c) * 256 + Number(d)].map((word) => word.toString(16)).join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/** The IPv4 address an IPv6 one stands for (mapped, translated, NAT64, 6to4), checked by the IPv4 rules. */
function embeddedIpv4(words: number[]): string | null {
  const [w0, w1, w2, w3, w4, w5, w6 = 0, w7 = 0] = words;
  const dotted = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  const zeroTo = (end: number) => words.slice(0, end).every((word) => word === 0);
  if (zeroTo(5) && w5 === 0xffff) return dotted(w6, w7); // ::ffff:a.b.c.d
  if (zeroTo(4) && w4 === 0xffff && w5 === 0) return dotted(w6, w7); // ::ffff:0:a.b.c.d
  if (w0 === 0x64 && w1 === 0xff9b && !w2 && !w3 && !w4 && !w5) return dotted(w6, w7); // 64:ff9b::/96
  if (w0 === 0x2002) return dotted(w1 ?? 0, w2 ?? 0); // 6to4
  return null;
}

/**
 * Whether an address is on the public internet: not loopback, private, link-local, CGNAT, multicast, reserved,
 * benchmarking or documentation space — nor an IPv6 address that stands for one of those.
 */
export function isPublicAddress(ip: string, family: number = isIP(ip)): boolean {
  const bare = ip.split('%')[0] ?? '';
  if (isIP(bare) !== family) return false;
  if (family === 4) return !reservedV4.check(bare, 'ipv4');
  const embedded = embeddedIpv4(ipv6Words(bare));
  if (embedded !== null) return isPublicAddress(embedded, 4);
  return globalV6.check(bare, 'ipv6') && !reservedV6.check(bare, 'ipv6');
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/**
 * The check a hook's URL passes before it is saved and before every try, without asking DNS: `https://` (or
 * `http://` to an allowed host), no credentials, and no address literal outside the public internet.
 * The names it lets through are checked again when they resolve (`webhookLookup`).
 */
export function checkWebhookUrl(url: string, allow: WebhookAllowList): WebhookUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: webhookMessages.badUrl };
  }
  const host = bareHost(parsed.hostname);
  const allowed = isAllowedHost(allow, host);
  const schemeOk = parsed.protocol === 'https:' || (parsed.protocol === 'http:' && allowed);
  if (!schemeOk || !host || parsed.username || parsed.password) return { ok: false, message: webhookMessages.badUrl };
  if (allowed) return { ok: true, url: parsed };
  if (isIP(host) ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost')) {
    return { ok: false, message: webhookMessages.privateAddress };
  }
  return { ok: true, url: parsed };
}

/**
 * `dns.lookup` for `http.request`'s `lookup` option: resolves the name at connect time and fails with
 * WEBHOOK_PRIVATE_CODE when any of its addresses is neither public nor allowed, so that a name cannot pass the
 * save-time check and then point at the operator's network (DNS rebinding). An allowed host name is not checked.
 */
export function webhookLookup(allow: WebhookAllowList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (!isAllowedHost(allow, hostname)) {
        const refused = addresses.find(
          (a) => !isPublicAddress(a.address, a.family) && !isAllowedAddress(allow, a.address),
        );
        if (refused) {
          const message = `${hostname} resolves to ${refused.address}, outside the public internet`;
          return callback(Object.assign(new Error(message), { code: WEBHOOK_PRIVATE_CODE, hostname }), '');
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
