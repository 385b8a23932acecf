import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** HSTS for a year, sent only on answers that came over HTTPS (a plain-HTTP LAN install must stay reachable). */
const HSTS = 'max-age=31536000';

/**
 * The CSP sources of the inline scripts of the built console's index.html (the first-paint script), each by its
 * sha256, read at start so the policy follows the file; none when there is no built console.
 */
export function inlineScriptHashes(webRoot: string): string[] {
  const index = path.join(webRoot, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The headers helmet's middleware sets for `options`, read once: the policy is the same for every answer, and
 * @fastify/helmet built the middleware again, parsing the policy's directives, for each request (16 µs a request
 * under P3's load, issue 36).
 */
function headersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every answer (helmet's; OPERATIONS.md, On the wire). Scripts only from this origin and the
 * console's own inline script by hash. Styles allow 'unsafe-inline': antd 6 writes its CSS-in-JS as `<style>`
 * elements at run time (and the first paint has one), and a nonce would need the HTML rewritten for every answer;
 * styles cannot run code, the script policy is what stops injected code. Swagger UI at /proxyserver/docs loads only
 * files of its own and lives under the same policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, webRoot: string): void {
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScriptHashes(webRoot)],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    // Sent below, only when the request came over HTTPS.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const entries = Object.entries(headers);
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw answer, as helmet sets them: a hijacked answer (the alert stream) carries them too.
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    // `protocol` honours X-Forwarded-Proto from the proxies TRUST_PROXY names, and nobody else's.
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });
}
