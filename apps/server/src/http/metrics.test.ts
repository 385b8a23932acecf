import { beforeAll, describe, expect, it } from 'vitest';
import { insertDevice } from '../test/fixtures.js';
import { DEVICE_KEY, useHarness } from '../test/harness.js';

/** OPERATIONS.md, Probes and metrics: what a Prometheus on this machine (or one holding the token) reads. */
const TOKEN = 'metrics-token-for-tests';
const h = useHarness({ metricsToken: TOKEN });
let token: string;

beforeAll(async () => {
  token = await h.login();
  await insertDevice(h.ctx.db, { holdId: 1, deviceNo: 'METRICS-TERMINAL-1', name: '指标测试终端' });
});

const scrape = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  h.app.inject({ method: 'GET', url: '/proxyserver/metrics', headers, remoteAddress });

/** The value of one sample of the exposition text, found by name and labels; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const found = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!found || found[1] !== name) continue;
    const has = Object.fromEntries([...(found[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(found[3]);
  }
  return undefined;
}

describe('who reads the metrics', () => {
  it('opens to a scraper on this machine, in Prometheus text with the pinned metrics', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    for (const name of [
      'http_request_duration_seconds',
      'guardtour_punches_total',
      'guardtour_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(response.body, 'guardtour_db_pool_waiting', {})).toBe(0);
  });

  it('is an unknown path to anyone else without the token, and open with it', async () => {
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }];
    for (const headers of refused) {
      const response = await scrape(headers, '10.1.2.3');
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: '请求的地址不存在', data: null });
    }
    const withToken = await scrape({ authorization: `Bearer ${TOKEN}` }, '10.1.2.3');
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_request_duration_seconds');
  });

  it('asks a call relayed by a proxy on this machine for the token too', async () => {
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });
});

describe('what the metrics count', () => {
  it('counts an upload’s punches by outcome and labels calls by route pattern and envelope code', async () => {
    const upload = (records: object[]) =>
      h.app.inject({
        method: 'POST',
        url: '/proxyserver/api/Terminal/UploadPunches',
        headers: { authorization: `Device ${DEVICE_KEY}` },
        payload: { device_no: 'METRICS-TERMINAL-1', records },
      });
    const first = await upload([
      { patrol_sn: 'M-0001', punch_time: '2026-11-20 09:00:00' },
      { patrol_sn: 'M-0002', punch_time: '2026-11-20 09:01:00' },
      { patrol_sn: 'M-0003', punch_time: 'yesterday' },
    ]);
    expect(first.json()).toMatchObject({ code: 200, data: { accepted: 2, duplicates: 0 } });
    await upload([{ patrol_sn: 'M-0001', punch_time: '2026-11-20 09:00:00' }]);
    // Refused calls: invalid input (400, HTTP 200), no token (401), a scanner's path (404).
    await h.post('/DeviceInfo/SaveDeviceInfo', { device_no: 7 }, token);
    await h.post('/DeviceInfo/SaveDeviceInfo', {});
    await h.app.inject({ method: 'GET', url: '/wp-login.php?id=1' });
    // An import: the rows it stored and refused (the same SN twice is refused once).
    await h.post('/DeviceInfo/ImportDeviceBySNList', { SNList: 'METRICS-SN-1\nMETRICS-SN-2\nMETRICS-SN-1' }, token);

    const text = (await scrape()).body;
    expect(sample(text, 'guardtour_punches_total', { outcome: 'accepted' })).toBe(2);
    expect(sample(text, 'guardtour_punches_total', { outcome: 'duplicate' })).toBe(1);
    expect(sample(text, 'guardtour_punches_total', { outcome: 'rejected' })).toBe(1);
    expect(sample(text, 'guardtour_import_rows_total', { outcome: 'imported' })).toBe(2);
    expect(sample(text, 'guardtour_import_rows_total', { outcome: 'failed' })).toBe(1);
    const calls = (route: string, method: string, code: string) =>
      sample(text, 'http_request_duration_seconds_count', { route, method, code });
    expect(calls('/proxyserver/api/Terminal/UploadPunches', 'POST', '200')).toBe(2);
    expect(calls('/proxyserver/api/DeviceInfo/SaveDeviceInfo', 'POST', '400')).toBe(1);
    expect(calls('/proxyserver/api/DeviceInfo/SaveDeviceInfo', 'POST', '401')).toBe(1);
    expect(calls('unmatched', 'GET', '404')).toBe(1);
    // Route patterns only: a raw URL with its query never becomes a label.
    expect(text).not.toContain('wp-login');
  });
});
