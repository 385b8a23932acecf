import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

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

/** The envelope's `code` of a JSON answer, or undefined (a file, a stream, HTML, a probe's plain JSON). */
export function envelopeCode(payload: unknown, contentType: string | undefined): number | undefined {
  if (!contentType?.includes('json')) return undefined;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null) return undefined;
  const leading = LEADING_CODE.exec(text.slice(0, 64));
  if (leading) return Number(leading[1]);
  if (text.length > PARSE_LIMIT) return undefined;
  try {
    const code = (JSON.parse(text) as { code?: unknown } | null)?.code;
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
  app.addHook('onSend', (request: Answered, reply, payload, done) => {
    request[answerCode] = envelopeCode(payload, String(reply.getHeader('content-type') ?? ''));
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const line = requestLine(request, reply, answerCodeOf(request));
    if (PROBE.test(request.url)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
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
