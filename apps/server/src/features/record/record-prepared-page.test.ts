import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { Envelope, PunchRow } from '@guard-tour/contract';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { PASSWORD } from '../../test/world.js';
import {
  NOW,
  PERIODS,
  buildPunchWorld,
  expected,
  inOrgs,
  type FixturePunch,
  type PunchWorld,
  withoutIds,
} from '../../test/record-punches.js';

/**
 * A page of one organisation's punches is prepared on PostgreSQL (planned once per connection, then run with each
 * call's values): its answers stay those of the list, across periods and pages, once PostgreSQL runs its generic
 * plan (after five calls), and after a month's partition is made under it.
 */
const h = useHarness();
let w: PunchWorld;
beforeAll(async () => {
  w = await buildPunchWorld(h);
});

const pool = () => {
  const client = (h.ctx.db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

afterEach(() => {
  vi.restoreAllMocks();
  h.clock.set(NOW);
});

async function page(body: object, token: string): Promise<Envelope<PunchRow[]>> {
  const reply = await h.post<PunchRow[]>('/PatrolClockIn/GetPatrolClockInList', { PageSize: 200, ...body }, token);
  expect(reply.code, reply.msg).toBe(200);
  return reply;
}

const periods = [PERIODS.thisWeek, PERIODS.lastWeek, PERIODS.thisMonth, PERIODS.lastMonth];
const ofDepartment = (period: (p: FixturePunch) => boolean) => (p: FixturePunch) => period(p) && inOrgs('a1')(p);

describe('打卡数据 of one organisation, prepared', () => {
  it('answers each period and page exactly, call after call (past the generic plan)', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (const [index, period] of periods.entries()) {
        const want = expected(ofDepartment(period));
        const reply = await page({ time_range: index + 1, PageIndex: 1 }, w.a1.token);
        expect(withoutIds(reply.data)).toEqual(want);
        expect(reply.total).toBe(want.length);
        // One row a page: the second page is the second newest.
        const second = await page({ time_range: index + 1, PageIndex: 2, PageSize: 1 }, w.a1.token);
        expect(withoutIds(second.data)).toEqual(want.slice(1, 2));
        expect(second.total).toBe(want.length);
      }
    }
  });

  it("answers a month's punches uploaded after its partition was made under the prepared statement", async () => {
    // December: no punch yet, so no partition of its own (uploads make them).
    h.clock.set('2026-12-10T02:00:00Z');
    const token = await h.login({ user_name: w.a1.admin, user_password: PASSWORD });
    for (let i = 0; i < 7; i += 1) expect((await page({ time_range: 3 }, token)).total).toBe(0);
    const upload = await h.app.inject({
      method: 'POST',
      url: '/proxyserver/api/Terminal/UploadPunches',
      headers: { authorization: `Device ${DEVICE_KEY}` },
      payload: { device_no: 'DEV-A1', records: [{ patrol_sn: 'C-EAST', punch_time: '2026-12-09 08:00:00' }] },
    });
    expect(upload.json()).toMatchObject({ code: 200, data: { accepted: 1 } });
    const reply = await page({ time_range: 3 }, token);
    expect(reply.data.map((r) => r.create_time)).toEqual(['2026-12-09 08:00:00']);
    expect(reply.total).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'writes the page’s rows as JSON from PostgreSQL’s bytes, the same answer as the rows read (db/row-bytes.ts)',
    async () => {
      const query = vi.spyOn(pool()!, 'query');
      const reply = await page({ time_range: 3 }, w.a1.token);
      const written = query.mock.calls.filter(([submitted]) => (submitted as unknown) instanceof pg.Query);
      expect(written).toHaveLength(1);
      expect(withoutIds(reply.data)).toEqual(expected(ofDepartment(PERIODS.thisMonth)));
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'names the page statement of one organisation on PostgreSQL, and plans a subtree at each call',
    async () => {
      const query = vi.spyOn(pool()!, 'query');
      const namesOf = () =>
        query.mock.calls
          .map(([config]) => config as { text?: string; name?: string })
          .filter((config) => config.text?.includes('punch_count'))
          .map((config) => config.name);
      await page({ time_range: 1 }, w.a1.token);
      expect(namesOf()).toEqual([expect.stringMatching(/^punch_page_\d+$/)]);
      query.mockClear();
      // 甲企业 and its department: `= any`, whose best plan depends on how many organisations and rows.
      await page({ time_range: 1 }, w.a.token);
      expect(namesOf()).toEqual([undefined]);
    },
  );
});
