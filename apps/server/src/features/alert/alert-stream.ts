import { ALERT_STREAM_PING_MS } from '@guard-tour/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../scope.js';
import type { AlertHub } from './alert-hub.js';

/** How soon a console reconnects after a dropped stream (the EventSource `retry` field). */
const RETRY_MS = 3_000;

/**
 * `Alert/Stream`: answers with `text/event-stream` and keeps the connection: each alert in the caller's scope as an
 * `alert` event, a `:` comment every 15 s (proxies keep it open; the token is checked again then, and a revoked
 * or expired one ends the stream, as does a check that fails: the console reconnects and is checked anew).
 */
export function openAlertStream(
  hub: AlertHub,
  scope: Scope,
  tokenHash: string,
  request: FastifyRequest,
  reply: FastifyReply,
  stillSignedIn: () => Promise<boolean>,
): FastifyReply {
  void reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  out.write(`retry: ${RETRY_MS}\n: 已连接\n\n`);
  let open = true;
  const end = () => {
    if (!open) return;
    open = false;
    clearInterval(ping);
    remove();
    out.end();
  };
  const remove = hub.add({
    tokenHash,
    userId: scope.caller.userId,
    holdPath: scope.caller.holdPath,
    send: (event) => {
      if (open) out.write(event);
    },
    close: end,
  });
  const ping = setInterval(() => {
    stillSignedIn().then((signedIn) => (signedIn ? open && out.write(': ping\n\n') : end()), end);
  }, ALERT_STREAM_PING_MS);
  ping.unref();
  request.raw.on('close', end);
  out.on('close', end);
  return reply;
}
