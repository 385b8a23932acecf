import http from 'node:http';
import type { Envelope } from '@guard-tour/contract';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Absolute URL. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's own address (127.0.0.x), so a proxy in front sees a different caller than itself. */
  localAddress?: string;
  timeoutMs?: number;
}

/**
 * One HTTP exchange on its own connection (no keep-alive), so that a killed server shows as a failed call at
 * once and every call can come from a chosen loopback address. Rejects on transport failures only.
 */
export function exchange(request: HttpRequest): Promise<HttpAnswer> {
  const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      request.url,
      {
        method: request.method,
        agent: false,
        localAddress: request.localAddress,
        timeout: request.timeoutMs ?? 30_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...request.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs ?? 30_000} ms`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The envelope of an answer; throws with the raw text when the body is not one. */
export function envelopeOf<T>(answer: HttpAnswer): Envelope<T> {
  const text = answer.body.toString('utf8');
  try {
    const parsed = JSON.parse(text) as Envelope<T>;
    if (typeof parsed.code === 'number' && typeof parsed.msg === 'string') return parsed;
  } catch {
    // Reported below with the text that came back.
  }
  throw new Error(`HTTP ${answer.status} without an envelope: ${text.slice(0, 200)}`);
}

/** A CJK ideograph: every refusal's `msg` must say something in Chinese. */
export const CHINESE = /[\u4e00-\u9fff]/;
