import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How long running requests may still take after SIGTERM (OPERATIONS.md, Processes and files). */
export const DRAIN_MS = 10_000;
/**
 * How long the background work may still take after the requests: a webhook try under way waits for its answer
 * (5 s at most, WEBHOOK_TIMEOUT_MS) and is logged before the database closes.
 */
const BACKGROUND_MS = 6_000;

export interface ShutdownParts {
  app: FastifyInstance;
  /** Background work to stop; each resolves once its current run has ended. */
  background: (() => Promise<void>)[];
  closeDatabase: () => Promise<void>;
  log: FastifyBaseLogger;
  drainMs?: number;
}

/** True when `work` settles within `ms`; false when the time ran out first (the work goes on, unawaited). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([work.then(() => true), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops accepting at once (the listening socket closes; open alert streams end in the alert routes' preClose hook),
 * lets running requests finish for up to `drainMs` and then cuts what is still open, stops the background work,
 * and closes the database last, once no request can use it.
 */
export async function shutDown({ app, background, closeDatabase, log, drainMs = DRAIN_MS }: ShutdownParts) {
  const closed = app.close().catch((error: unknown) => log.error({ err: error }, 'closing the server failed'));
  // A keep-alive connection whose last request ends during the drain is closed as soon as it is idle, rather than
  // holding the close up until its keep-alive timeout.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const stopped = Promise.allSettled(background.map((stop) => stop()));
  try {
    if (!(await within(closed, drainMs))) {
      log.warn({ drainMs }, `进行中的请求 ${drainMs / 1000} 秒内未完成，强制断开`);
      app.server.closeAllConnections();
      await within(closed, 1_000);
    }
  } finally {
    clearInterval(idle);
  }
  await within(stopped, BACKGROUND_MS);
  await within(
    closeDatabase().catch((error: unknown) => log.error({ err: error }, 'closing the database failed')),
    5_000,
  );
}

/**
 * SIGTERM and SIGINT run `close` once, then exit 0 (1 when it failed). A second signal while closing (Ctrl-C
 * reaches both `npm start` and the server, which forwards it) changes nothing: the drain is bounded anyway.
 */
export function closeOnSignals(close: () => Promise<void>, log: FastifyBaseLogger): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, `收到 ${signal}：不再接收新请求，进行中的请求完成后停止（最多 ${DRAIN_MS / 1000} 秒）`);
    close().then(
      () => {
        log.info('服务已停止');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, '停止服务时出错');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
