import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import { answerSlab } from '../bytes/utf8-slab.js';

/**
 * Probes and the metrics scrape: asked every few seconds by load balancers and Prometheus, so logged at debug only
 * (OPERATIONS.md, Probes and metrics).
 */
const PROBE = /^\/proxyserver\/(health|ready|metrics)\/?(\?|$)/i;
/** The envelope's `code` when the serialised answer starts with it (ok() and fail() put it first). */
const LEADING_CODE = /^\s*\{\s*"code"\s*:\s*(-?\d+)/;
/** Larger answers whose code is not first are not parsed again just for a log line. */
const PARSE_LIMIT = 64 * 1024;

/**
 * Fastify's own per-request lines (incoming, completed, not found) off: `registerRequestLog` writes one line per
 * request instead. Given to Fastify as its `logController` (the `disableRequestLogging` option is deprecated).
 */
export const requestLogController = new LogController({ disableRequestLogging: true });

/** A JSON answer: the only kind with an envelope, and the kind written as bytes once. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.includes('json') ?? false;
}

/**
 * A JSON answer's text as its UTF-8 bytes, encoded once: left a string, Fastify would measure its length in UTF-8 and
 * Node encode it again as it writes, joined to the head. Under P3's load the bytes saved 13–18 µs of CPU on each
 * 9 KB page (issue 36, docs/performance.md). Anything else is returned as it is.
 */
export function answerBytes(payload: unknown, contentType: string | undefined): unknown {
  return typeof payload === 'string' && isJson(contentType) ? answerSlab.encode(payload) : payload;
}

/** The envelope's `code` of a JSON answer (its text or its bytes), or undefined (a file, a stream, HTML, a probe's plain JSON). */
export function envelopeCode(payload: unknown, contentType: string | undefined): number | undefined {
  if (!isJson(contentType)) return undefined;
  const bytes = Buffer.isBuffer(payload);
  if (!bytes && typeof payload !== 'string') return undefined;
  // The code is ASCII: the head's bytes read one to a character, without decoding the rest.
  const head = bytes ? payload.toString('latin1', 0, 64) : payload.slice(0, 64);
  const leading = LEADING_CODE.exec(head);
  if (leading) return Number(leading[1]);
  if (payload.length > PARSE_LIMIT) return undefined;
  try {
    const code = (JSON.parse(bytes ? payload.toString('utf8') : payload) as { code?: unknown } | null)?.code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

const answerCode = Symbol('envelope code');
type Answered = FastifyRequest & { [answerCode]?: number };

/** The envelope code of the request's answer, read once as it was sent (the request line and the metrics). */
export function answerCodeOf(request: FastifyRequest): number | undefined {
  return (request as Answered)[answerCode];
}

/**
 * One JSON line per request at `info` (probes at `debug`): the route's pattern (never the query string, which may
 * name files), the envelope `code` (HTTP 200 hides refusals; the HTTP status when there is no envelope), the
 * milliseconds, the account id of a bearer call and the caller's address. Never a header, body or token.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // The first hook to see an answer: the later ones (a route's own) see its bytes.
  app.addHook('onSend', (request: Answered, reply, payload, done) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    const answer = answerBytes(payload, contentType);
    request[answerCode] = envelopeCode(answer, contentType);
    done(null, answer);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const level = PROBE.test(request.url) ? 'debug' : 'info';
    // Below the level (LOG_LEVEL=warn, as under load) the line is not even made (issue 36).
    if (isLevelEnabled(request.log, level))
      request.log[level](requestLine(request, reply, answerCodeOf(request)), 'request');
    done();
  });
}

/** Whether a logger writes at `level` (Fastify's stand-in when logging is off has no `isLevelEnabled`: it writes nothing). */
function isLevelEnabled(log: FastifyBaseLogger, level: 'debug' | 'info'): boolean {
  return (log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.(level) ?? false;
}

function requestLine(request: FastifyRequest, reply: FastifyReply, code: number | undefined) {
  return {
    method: request.method,
    route: request.routeOptions.url ?? request.url.split('?')[0],
    code: code ?? reply.statusCode,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    account: request.caller?.userId ?? null,
    address: request.ip,
  };
}
