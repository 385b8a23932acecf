import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.js';

/** The same answers, counted by prom-client's own histogram and by ours. */
const ANSWERS: [string, string, string, number][] = [
  ['/proxyserver/api/PatrolClockIn/GetPatrolClockInList', 'POST', '200', 0.004],
  ['/proxyserver/api/PatrolClockIn/GetPatrolClockInList', 'POST', '200', 0.005],
  ['/proxyserver/api/PatrolClockIn/GetPatrolClockInList', 'POST', '200', 0.26],
  ['/proxyserver/api/PatrolClockIn/GetPatrolClockInList', 'POST', '400', 0.012],
  ['/proxyserver/api/Report/"quoted"\\path', 'GET', '200', 180],
  ['unmatched', 'GET', '404', 0.0001],
];

function byPromClient() {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by route pattern, method and envelope code (HTTP status when the answer has no envelope)',
    labelNames: ['route', 'method', 'code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  for (const [route, method, code, seconds] of ANSWERS) histogram.observe({ route, method, code }, seconds);
  return registry;
}

function byOurs() {
  const registry = new Registry();
  const durations = new RequestDurations(registry);
  for (const [route, method, code, seconds] of ANSWERS) durations.observe(route, method, code, seconds);
  return registry;
}

describe('the request durations histogram', () => {
  it('writes what prom-client’s Histogram writes for the same answers', async () => {
    expect(await byOurs().metrics()).toBe(await byPromClient().metrics());
  });

  it('adds up across workers as prom-client’s does', async () => {
    const summed = async (make: () => Registry) =>
      AggregatorRegistry.aggregate([await make().getMetricsAsJSON(), await make().getMetricsAsJSON()]).metrics();
    const ours = await summed(byOurs);
    expect(ours).toBe(await summed(byPromClient));
    expect(ours).toContain('http_request_duration_seconds_count{route="unmatched",method="GET",code="404"} 2');
  });

  it('starts again from nothing when the registry is reset', async () => {
    const registry = byOurs();
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count');
  });
});
