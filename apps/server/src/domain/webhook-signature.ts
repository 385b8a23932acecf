import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `X-GuardTour-Signature` of a generic JSON delivery (QUALITY.md R20): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed by the hook's secret>`. The time is inside what is signed, so a receiver that refuses an old
 * `t` (five minutes is the documented check) cannot be fed a captured delivery again.
 */
export function signDelivery(body: string, secret: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, unixSeconds, body)}`;
}

/** The receiver's check, as docs/design.md documents it: the signature over `t.body` and a `t` at most `maxAgeS` old. */
export function deliveryIsGenuine(
  header: string | undefined,
  body: string,
  secret: string,
  nowSeconds: number,
  maxAgeS = 300,
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(nowSeconds - t) > maxAgeS) return false;
  return timingSafeEqual(Buffer.from(match[2]!, 'hex'), Buffer.from(hmacHex(secret, t, body), 'hex'));
}

function hmacHex(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
}
