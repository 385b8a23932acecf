import { sql } from 'drizzle-orm';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AlertKind, calls } from '@guard-tour/contract';
import type { Conversation } from '../cluster/conversation.js';
import { poolStats, type Db } from '../db/client.js';
import { alert } from '../db/schema.js';
import { fail } from './envelope.js';
import { isExportRoute } from './export-limit.js';
import { mayReadMetrics } from './metrics-access.js';
import { answerCodeOf } from './request-log.js';
import { RequestDurations } from './request-durations.js';
import { appendHook } from './route-hooks.js';
import { within } from './within.js';

const UPLOAD_ROUTE = `/proxyserver${calls.punch.uploadPunches.path}`;
/** The device imports' calls, whose answers say how many rows were stored. */
const IMPORT = /\/Import/i;
const KIND_NAMES = new Map<number, string>(Object.entries(AlertKind).map(([name, kind]) => [kind, name]));

let processRegistry: Registry | undefined;

/** Node's own metrics (event-loop lag, memory, GC): one set per process, however many apps a test file builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The product's metrics of one app (its own registry: tests build many apps in one process). */
export class AppMetrics {
  readonly registry = new Registry();
  readonly requestSeconds = new RequestDurations(this.registry);
  readonly punches = new Counter({
    name: 'guardtour_punches_total',
    help: 'Uploaded punch records by outcome',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly exportSeconds = new Histogram({
    name: 'guardtour_export_duration_seconds',
    help: 'Spreadsheet exports by envelope code (429: refused, too many running)',
    labelNames: ['code'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });
  readonly importRows = new Counter({
    name: 'guardtour_import_rows_total',
    help: 'Rows of device imports by outcome',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  constructor(db: Db) {
    new Gauge({
      name: 'guardtour_db_pool_connections',
      help: 'Database connections of this server by state (PGlite: one, in use)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const pool = poolStats(db);
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    new Gauge({
      name: 'guardtour_db_pool_waiting',
      help: 'Queries waiting for a free database connection',
      registers: [this.registry],
      collect() {
        this.set(poolStats(db).waiting);
      },
    });
    new Counter({
      name: 'guardtour_alerts_raised_total',
      help: 'Alerts raised by kind, read from the alert table: the whole installation, the same on every server',
      labelNames: ['kind'],
      // Each worker of a server reads the same table: its count once, not once a worker.
      aggregator: 'first',
      registers: [this.registry],
      async collect() {
        const rows = await within(
          1_000,
          db
            .select({ kind: alert.kind, raised: sql<number>`count(*)::int` })
            .from(alert)
            .groupBy(alert.kind),
        ).catch(() => undefined);
        // The database away: the last values stay.
        if (!rows) return;
        this.reset();
        for (const row of rows) this.inc({ kind: KIND_NAMES.get(row.kind) ?? String(row.kind) }, row.raised);
      },
    });
  }

  async text(): Promise<string> {
    return `${await processMetrics().metrics()}\n${await this.registry.metrics()}`;
  }

  /** The process's and the app's metrics as values, for the primary to add up with its other workers'. */
  async values(): Promise<object[][]> {
    return Promise.all([processMetrics().getMetricsAsJSON(), this.registry.getMetricsAsJSON()]);
  }

  /** What an answer tells beyond its code: the punches an upload took, the rows an import stored. */
  countAnswer(route: string, data: unknown): void {
    if (route === UPLOAD_ROUTE) {
      const upload = data as { accepted: number; duplicates: number; rejected: unknown[] };
      this.punches.inc({ outcome: 'accepted' }, upload.accepted);
      this.punches.inc({ outcome: 'duplicate' }, upload.duplicates);
      this.punches.inc({ outcome: 'rejected' }, upload.rejected.length);
    } else if (IMPORT.test(route)) {
      const result = data as { effectCount: number; failList?: unknown[]; failSNList?: unknown[] };
      this.importRows.inc({ outcome: 'imported' }, result.effectCount);
      this.importRows.inc({ outcome: 'failed' }, (result.failList ?? result.failSNList ?? []).length);
    }
  }
}

/**
 * GET /proxyserver/metrics in Prometheus's text format, and the hooks that measure every answer: its route
 * pattern (never the raw URL), method and envelope code, which is what tells failures apart under HTTP 200.
 * Readable from this machine, or elsewhere with METRICS_TOKEN; anyone else gets the 404 of an unknown path.
 */
export function registerMetrics(
  app: FastifyInstance,
  db: Db,
  token: string | undefined,
  primary?: Conversation,
): AppMetrics {
  const metrics = new AppMetrics(db);
  // A worker of a server answers with the sum of all its workers' metrics, which the primary adds up.
  primary?.answer('metrics', () => metrics.values());
  const text = primary ? () => primary.ask<string>('metrics') : () => metrics.text();
  // What an upload or an import took is read from its own answer: a hook of those routes only.
  const countAnswer: onSendHookHandler = (request, _reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route && answerCodeOf(request) === 200) {
      try {
        metrics.countAnswer(route, (JSON.parse(String(payload)) as { data: unknown }).data);
      } catch (error) {
        request.log.warn({ err: error }, 'answer not counted in the metrics');
      }
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (route.url === UPLOAD_ROUTE || IMPORT.test(route.url)) appendHook(route, 'onSend', countAnswer);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const code = String(answerCodeOf(request) ?? reply.statusCode);
    const seconds = reply.elapsedTime / 1000;
    metrics.requestSeconds.observe(route ?? 'unmatched', request.method, code, seconds);
    if (isExportRoute(route)) metrics.exportSeconds.observe({ code }, seconds);
    done();
  });
  app.get('/proxyserver/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) return reply.status(404).send(fail(404, '请求的地址不存在'));
    return reply.type(metrics.registry.contentType).send(await text());
  });
  return metrics;
}
