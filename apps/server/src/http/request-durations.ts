import type { Registry } from 'prom-client';

const NAME = 'http_request_duration_seconds';
const HELP = 'Requests by route pattern, method and envelope code (HTTP status when the answer has no envelope)';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

type Labels = { route: string; method: string; code: string };
/** One line of the exposition, as prom-client's own metrics give it to their registry. */
type Sample = { metricName: string; labels: Labels | (Labels & { le: number | string }); value: number };
/** One label set's answers: how many fell in each bucket (not cumulative; the last is +Inf) and their seconds. */
type Tally = { labels: Labels; counts: number[]; sum: number };

/**
 * `http_request_duration_seconds{route,method,code}`, the histogram of every answer, kept as a prom-client metric
 * would write it (the same name, help, buckets, exposition and JSON for the primary to add up) but counted in one
 * map lookup a request. prom-client's `Histogram.observe` checks and hashes the labels each time: 9 µs of P3's
 * request in the profile, inside the 37 µs that the per-request hooks cost (issue 36, docs/performance.md).
 */
export class RequestDurations {
  readonly name = NAME;
  readonly help = HELP;
  readonly type = 'histogram';
  readonly aggregator = 'sum' as const;
  private readonly tallies = new Map<string, Tally>();

  constructor(registry: Registry) {
    registry.registerMetric(this as never);
  }

  observe(route: string, method: string, code: string, seconds: number): void {
    const key = `${method} ${code} ${route}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { labels: { route, method, code }, counts: Array<number>(BUCKETS.length + 1).fill(0), sum: 0 };
      this.tallies.set(key, tally);
    }
    const found = BUCKETS.findIndex((bound) => seconds <= bound);
    const bucket = found < 0 ? BUCKETS.length : found;
    tally.counts[bucket] = (tally.counts[bucket] ?? 0) + 1;
    tally.sum += seconds;
  }

  /** What prom-client's registry reads of a metric: cumulative buckets, `+Inf`, the sum and the count of each label set. */
  get() {
    const values: Sample[] = [];
    for (const { labels, counts, sum } of this.tallies.values()) {
      let seen = 0;
      counts.forEach((count, bucket) => {
        seen += count;
        const le = BUCKETS[bucket] ?? '+Inf';
        values.push({ metricName: `${NAME}_bucket`, labels: { le, ...labels }, value: seen });
      });
      values.push({ metricName: `${NAME}_sum`, labels, value: sum });
      values.push({ metricName: `${NAME}_count`, labels, value: seen });
    }
    return { name: NAME, help: HELP, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.tallies.clear();
  }
}
