import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer\s+(\S+)$/i;

/** The connection's own address is this machine's (not what X-Forwarded-For claims). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read /proxyserver/metrics: a scraper on this machine, or anyone with METRICS_TOKEN as a bearer token.
 * A call relayed by a proxy on this machine arrives from loopback too, but carries the proxy's X-Forwarded-For
 * (or Forwarded): it came from elsewhere, and needs the token.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (!relayed && isLoopback(request.socket.remoteAddress)) return true;
  if (!token) return false;
  const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && sameSecret(given, token);
}
