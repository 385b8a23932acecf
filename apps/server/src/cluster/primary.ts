import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { StartedKey } from '../banner.js';
import { Conversation } from './conversation.js';
import { addUpMetrics } from './metrics-sum.js';
import { SharedLimits, type RateAsk } from './shared-limits.js';

/**
 * A worker's part: `first` prepares the database before it serves (migrations, the first admin, the demo, today's
 * rounds) and runs the background work (sweeps, alerts' checks, webhooks, reports); the others only serve.
 */
export const WORKER_ROLE = 'GUARD_TOUR_WORKER';

/** What a server process tells once it listens: what the start line says. */
export interface Started {
  port: number;
  /** What the demo step did, '' when nothing. */
  demoNote: string;
  deviceKey: StartedKey;
}

/** A worker's drain (10 s), its background work's end (6 s) and its database's close (5 s), with some to spare. */
const STOP_WITHIN_MS = 30_000;
/**
 * A worker's memory, counted with its primary's and the other workers' (the server's memory is their sum):
 * - its young generation is Node's own 16 MB a semi-space, after the 64 MB the server's options give one process on
 *   PostgreSQL (scripts/lib.mjs; V8 takes the last of a flag given twice). Two workers with 64 MB each peaked at
 *   632–889 MB in P6's exports after P3's load (600 is the line), with 16 MB at 456–607 MB, and served P3's load as
 *   fast;
 * - glibc's allocator keeps two arenas (`MALLOC_ARENA_MAX`, as the embedded server's; a value the server is given
 *   wins): the sheet threads and libuv's allocate beside the main thread, and memory freed in one arena is not
 *   reused by the others. After P3's load, two 1M exports at once: 621 MB with the default, 542 MB with two
 *   (docs/performance.md, 2026-12-04, afternoon).
 */
const WORKER_NODE_OPTIONS = ['--max-semi-space-size=16'];
const workerEnvironment = () => ({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
/** How long after an unexpected exit a worker is started again (a crash at every start does not spin). */
const RESTART_AFTER_MS = 1_000;

export interface Workers {
  /** What the first worker told: the port they share (the one asked for, or the one given for PORT=0) and more. */
  started: Started;
  /** Stops every worker as SIGTERM stops one server: each drains its requests; SIGKILL after 30 s. */
  stop(): Promise<void>;
}

/** What the primary answers a worker: counts of its rate limits, its export slots, the metrics of all workers. */
export function answerWorker(
  conversation: Conversation,
  workerId: number,
  limits: SharedLimits,
  metricsOfAll: () => Promise<string>,
): Conversation {
  return conversation
    .answer('rate', (ask) => limits.count(ask as RateAsk))
    .answer('slot.take', (accountId) => limits.takeSlot(workerId, accountId as number))
    .answer('slot.release', (accountId) => limits.releaseSlot(workerId, accountId as number))
    .answer('metrics', metricsOfAll);
}

/**
 * Starts `count` workers of the server (issue 36): each opens its own pool and serves requests on the one port,
 * which Node's cluster shares among them; the primary serves none, and keeps what must hold for the server as a
 * whole (SharedLimits, the metrics' sum). The first prepares the database and runs the background work, the others
 * start once it listens; a worker that ends unexpectedly is started again with its part. Resolves once every worker
 * listens; throws when one ends before it does.
 */
export async function startWorkers(count: number, log: Logger): Promise<Workers> {
  const limits = new SharedLimits();
  const conversations = new Map<number, Conversation>();
  let stopping = false;

  const metricsOfAll = async () =>
    addUpMetrics(await Promise.all([...conversations.values()].map((c) => c.ask<object[][]>('metrics'))));

  const fork = (first: boolean): Promise<Started> =>
    new Promise((listening, failed) => {
      const worker: Worker = cluster.fork({ ...workerEnvironment(), [WORKER_ROLE]: first ? 'first' : 'more' });
      let listened = false;
      const conversation = answerWorker(new Conversation(worker), worker.id, limits, metricsOfAll).answer(
        'listening',
        (started) => {
          listened = true;
          listening(started as Started);
        },
      );
      conversations.set(worker.id, conversation);
      worker.on('exit', (code, signal) => {
        conversations.delete(worker.id);
        limits.forget(worker.id);
        if (stopping) return;
        if (!listened) {
          failed(new Error(`服务进程启动失败（退出码 ${signal ?? code}）`));
          return;
        }
        log.error({ worker: worker.process.pid, code, signal }, '服务进程意外退出，1 秒后重新启动');
        setTimeout(() => {
          if (!stopping) fork(first).catch((error: unknown) => log.error({ err: error }, '服务进程重启失败'));
        }, RESTART_AFTER_MS).unref();
      });
    });

  const stop = async () => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((ended) => {
            if (worker.isDead()) return ended();
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_WITHIN_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              ended();
            });
            // The signal itself, not worker.kill(): that disconnects first, and a disconnected worker exits at once
            // instead of finishing its requests.
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    limits.close();
  };

  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_NODE_OPTIONS] });
  try {
    const started = await fork(true);
    await Promise.all(Array.from({ length: count - 1 }, () => fork(false)));
    return { started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
