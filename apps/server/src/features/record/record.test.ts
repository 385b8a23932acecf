import { beforeAll, describe, expect, it } from 'vitest';
import type { CardTotalRow, Envelope, PunchRow } from '@guard-tour/contract';
import { useHarness } from '../../test/harness.js';
import { PASSWORD } from '../../test/world.js';
import {
  NOW,
  PERIODS,
  between,
  buildPunchWorld,
  expected,
  inOrgs,
  type FixturePunch,
  type PunchWorld,
  withoutIds,
} from '../../test/record-punches.js';

const h = useHarness();
let w: PunchWorld;
beforeAll(async () => {
  w = await buildPunchWorld(h);
  // Renaming a point later never rewrites history: rows keep the name it had at punch time.
  const renamed = await h.post(
    '/PatrolCard/SaveInfo',
    { patrol_id: w.cardIds['C-EAST'], hold_id: w.holds.a, patrol_sn: 'C-EAST', patrol_name: '东大门' },
    w.root,
  );
  expect(renamed.code).toBe(200);
});

async function list(path: string, body: object, token = w.a.token): Promise<Envelope<PunchRow[]>> {
  return h.post<PunchRow[]>(path, { PageIndex: 1, PageSize: 200, ...body }, token);
}

/** Asserts a list answers exactly the fixture punches `keep` selects, newest first, with the exact total. */
async function expectRows(path: string, body: object, keep: (p: FixturePunch) => boolean, token = w.a.token) {
  const reply = await list(path, body, token);
  expect(reply.code, reply.msg).toBe(200);
  const want = expected(keep);
  expect(withoutIds(reply.data)).toEqual(want);
  expect(reply.total).toBe(want.length);
  return reply;
}

const A_SUBTREE = inOrgs('a', 'a1');
const and =
  (...tests: ((p: FixturePunch) => boolean)[]) =>
  (p: FixturePunch) =>
    tests.every((t) => t(p));

describe('打卡数据 and the statistics by device and person: periods', () => {
  const paths = ['/PatrolClockIn/GetPatrolClockInList', '/PatrolLog/List'];

  for (const path of paths) {
    it(`${path} answers each period's punches of the organisation and below, newest first`, async () => {
      const reply = await expectRows(path, { time_range: 1 }, and(PERIODS.thisWeek, A_SUBTREE));
      // This week for 甲企业: 9 punches, the two at 08:15:00 in upload order reversed (the later upload first).
      expect(reply.data.map((r) => `${r.create_htime} ${r.device_no}`).slice(1, 3)).toEqual([
        '08:15:00 DEV-A1',
        '08:15:00 DEV-A',
      ]);
      await expectRows(path, { time_range: 2 }, and(PERIODS.lastWeek, A_SUBTREE));
      await expectRows(path, { time_range: 3 }, and(PERIODS.thisMonth, A_SUBTREE));
      await expectRows(path, { time_range: 4 }, and(PERIODS.lastMonth, A_SUBTREE));
    });
  }

  it('shows every punch field as the spec lists it, with the names at punch time', async () => {
    const reply = await list('/PatrolClockIn/GetPatrolClockInList', { time_range: 3, search_type: 'card_no', key: '' });
    const row = reply.data.find((r) => r.create_time === '2026-11-16 00:00:00');
    expect(row).toEqual({
      punch_id: expect.any(Number),
      create_time: '2026-11-16 00:00:00',
      create_date: '2026-11-16',
      create_htime: '00:00:00',
      weekly: '周一',
      patrol_name: '东门',
      patrol_sn: 'C-EAST',
      location: '东门岗亭',
      device_no: 'DEV-A',
      object_name: '甲一号机',
      user_name: 'guard_zhang',
      true_name: '张伟',
      road_name: '',
      hold_name: '甲企业',
      upload_time: '2026-11-16 00:05:00',
      flag: '',
      note: '',
      photo_ids: [],
      lat: null,
      lng: null,
      distance_m: null,
      check_result: '',
    });
    // A card no point has is listed with an empty point name.
    expect(reply.data.find((r) => r.patrol_sn === 'NEW-TAG')).toMatchObject({ patrol_name: '', location: '' });
  });

  it('takes a missing or empty period as this week, and refuses an unknown one', async () => {
    await expectRows('/PatrolLog/List', {}, and(PERIODS.thisWeek, A_SUBTREE));
    await expectRows('/PatrolLog/List', { time_range: '' }, and(PERIODS.thisWeek, A_SUBTREE));
    await expectRows('/PatrolLog/List', { time_range: '4' }, and(PERIODS.lastMonth, A_SUBTREE));
    expect(await list('/PatrolLog/List', { time_range: 5 })).toMatchObject({ code: 400, msg: '时间范围不正确' });
    expect(await list('/PatrolLog/List', { search_type: 'imei' })).toMatchObject({ code: 400, msg: '查询类型不正确' });
  });

  it('counts a period from the deployment zone’s Monday, also late on Sunday and early on Monday', async () => {
    try {
      // Sunday 22nd 23:59 in Shanghai: still this week.
      h.clock.set('2026-11-22T15:59:00Z');
      const token = await h.login({ user_name: 'a_admin', user_password: PASSWORD });
      await expectRows('/PatrolLog/List', { time_range: 1 }, and(PERIODS.thisWeek, A_SUBTREE), token);
      // Monday 23rd 00:01 in Shanghai (still Sunday in UTC): last week is now the week of the 16th.
      h.clock.set('2026-11-22T16:01:00Z');
      await expectRows('/PatrolLog/List', { time_range: 2 }, and(PERIODS.thisWeek, A_SUBTREE), token);
      await expectRows('/PatrolLog/List', { time_range: 1 }, () => false, token);
    } finally {
      h.clock.set(NOW);
    }
  });
});

describe('search types', () => {
  const cases: [string, string, (p: FixturePunch) => boolean][] = [
    ['card_no', 'c-east', (p) => p.card === 'C-EAST'],
    ['card_no', '西门', (p) => p.card === 'C-WEST'],
    ['card_no', '+', (p) => p.card === 'F-EQ' || p.card === 'F-PLUS'],
    ['device_no', 'dev-a1', (p) => p.device === 'DEV-A1'],
    ['device_no', '一号机', (p) => p.device === 'DEV-A'],
    ['account', 'ZHANG', (p) => p.user === 'guard_zhang'],
    ['account', '李娜', (p) => p.user === 'guard_li'],
    ['account', 'guard', (p) => p.user !== undefined],
    ['account', '%', () => false],
  ];

  for (const [searchType, key, keep] of cases) {
    it(`${searchType} “${key}” matches case-insensitively on both of its fields`, async () => {
      for (const path of ['/PatrolLog/List', '/PatrolClockIn/GetPatrolClockInList']) {
        await expectRows(
          path,
          { time_range: 3, search_type: searchType, key },
          and(PERIODS.thisMonth, A_SUBTREE, keep),
        );
      }
    });
  }
});

describe('scope', () => {
  it('without include_children covers the organisation itself only', async () => {
    await expectRows(
      '/PatrolLog/List',
      { time_range: 3, include_children: false },
      and(PERIODS.thisMonth, inOrgs('a')),
    );
    await expectRows(
      '/PatrolData/Records',
      { time_limits: 3, include_children: false },
      and(PERIODS.thisMonth, inOrgs('a')),
    );
  });

  it('lets a parent choose its department, and the department see only its own', async () => {
    await expectRows('/PatrolLog/List', { time_range: 3, hold_id: w.holds.a1 }, and(PERIODS.thisMonth, inOrgs('a1')));
    await expectRows('/PatrolLog/List', { time_range: 3 }, and(PERIODS.thisMonth, inOrgs('a1')), w.a1.token);
    await expectRows('/PatrolLog/List', { time_range: 3 }, and(PERIODS.thisMonth, inOrgs('b')), w.b.token);
  });

  it('shows the operator every organisation’s punches', async () => {
    await expectRows('/PatrolClockIn/GetPatrolClockInList', { time_range: 3 }, PERIODS.thisMonth, w.root);
  });

  it('refuses another organisation’s hold id on every list and export (403)', async () => {
    for (const path of [
      '/PatrolLog/List',
      '/PatrolLog/List_Export',
      '/PatrolClockIn/GetPatrolClockInList',
      '/PatrolClockIn/ExportPatrolClockInList',
    ]) {
      expect((await h.post(path, { hold_id: w.holds.b, time_range: 3 }, w.a.token)).code, path).toBe(403);
      expect((await h.post(path, { hold_id: w.holds.a, time_range: 3 }, w.a1.token)).code, path).toBe(403);
    }
    for (const path of [
      '/PatrolData/Records',
      '/PatrolData/ExportRecords',
      '/PatrolData/TotalByPatrolCard',
      '/PatrolData/ExportTotalByPatrolCard',
    ]) {
      expect((await h.post(path, { hold_id: w.holds.b, time_limits: 3 }, w.a.token)).code, path).toBe(403);
      expect((await h.post(path, { hold_id: 999_999, time_limits: 3 }, w.a.token)).code, path).toBe(403);
    }
  });

  it('needs a login', async () => {
    expect((await h.post('/PatrolData/Records', { time_limits: 3 })).code).toBe(401);
  });
});

describe('paging', () => {
  const body = { time_range: 3 };
  const all = expected(and(PERIODS.thisMonth, A_SUBTREE));

  it('answers the requested page and the full count', async () => {
    const page2 = await h.post<PunchRow[]>('/PatrolLog/List', { ...body, PageIndex: 2, PageSize: 5 }, w.a.token);
    expect(withoutIds(page2.data)).toEqual(all.slice(5, 10));
    expect(page2.total).toBe(all.length);
    const last = await h.post<PunchRow[]>('/PatrolLog/List', { ...body, PageIndex: 3, PageSize: 5 }, w.a.token);
    expect(withoutIds(last.data)).toEqual(all.slice(10, 15));
  });

  it('answers an out-of-range page with no rows and the true total', async () => {
    const reply = await h.post<PunchRow[]>('/PatrolLog/List', { ...body, PageIndex: 99, PageSize: 5 }, w.a.token);
    expect(reply).toMatchObject({ code: 200, data: [], total: all.length });
  });

  it('defaults to 25 a page from page 1, and takes a bad page index as 1', async () => {
    const reply = await h.post<PunchRow[]>('/PatrolData/Records', { time_limits: 3, PageIndex: 0 }, w.a.token);
    expect(withoutIds(reply.data)).toEqual(all.slice(0, 25));
    const big = await h.post<PunchRow[]>('/PatrolData/Records', { time_limits: 3, PageSize: 100_000 }, w.a.token);
    expect(big.code).toBe(200);
    expect(big.data).toHaveLength(all.length);
  });
});

describe('巡检记录', () => {
  it('answers each period', async () => {
    for (const [range, period] of [
      [1, PERIODS.thisWeek],
      [2, PERIODS.lastWeek],
      [3, PERIODS.thisMonth],
      [4, PERIODS.lastMonth],
    ] as const) {
      await expectRows('/PatrolData/Records', { time_limits: range, include_children: true }, and(period, A_SUBTREE));
    }
  });

  it('takes explicit dates over the period, the end date inclusive to 23:59:59', async () => {
    const body = { time_limits: 1, start_time: '2026-10-31', end_time: '2026-11-15' };
    await expectRows('/PatrolData/Records', body, and(between('2026-10-31', '2026-11-16'), A_SUBTREE));
    await expectRows(
      '/PatrolData/Records',
      { time_limits: 4, start_time: '2026-11-16', end_time: '2026-11-16' },
      and(between('2026-11-16', '2026-11-17'), A_SUBTREE),
    );
    // Only a start: everything from that day on. A date picker's time part is ignored.
    await expectRows(
      '/PatrolData/Records',
      { start_time: '2026-11-19 00:00:00', end_time: '' },
      and(between('2026-11-19', '9999'), A_SUBTREE),
    );
    await expectRows('/PatrolData/Records', { end_time: '2026-10-31' }, and(between('0000', '2026-11-01'), A_SUBTREE));
  });

  it('refuses dates that are not dates, and a start after the end', async () => {
    for (const start of ['2026-02-30', '20261101', 'yesterday']) {
      expect(await h.post('/PatrolData/Records', { start_time: start }, w.a.token)).toMatchObject({
        code: 400,
        msg: '日期格式不正确，应为 YYYY-MM-DD',
      });
    }
    expect(
      await h.post('/PatrolData/Records', { start_time: '2026-11-02', end_time: '2026-11-01' }, w.a.token),
    ).toMatchObject({ code: 400, msg: '开始日期不能晚于结束日期' });
  });

  it('filters by card number, point name, IMEI/SN and device name together', async () => {
    const month = and(PERIODS.thisMonth, A_SUBTREE);
    await expectRows(
      '/PatrolData/Records',
      { time_limits: 3, patrol_card_no: 'c-' },
      and(month, (p) => p.card.startsWith('C-')),
    );
    await expectRows(
      '/PatrolData/Records',
      { time_limits: 3, patrol_card_name: '门' },
      and(month, (p) => /^C-/.test(p.card)),
    );
    await expectRows(
      '/PatrolData/Records',
      { time_limits: 3, patrol_card_no: 'east', device_sn: 'a1' },
      and(month, (p) => p.card === 'C-EAST' && p.device === 'DEV-A1'),
    );
    await expectRows(
      '/PatrolData/Records',
      { time_limits: 3, patrol_card_name: '西', device_name: '一号' },
      and(month, (p) => p.card === 'C-WEST' && p.device === 'DEV-A'),
    );
    // The card number filter does not search names, nor the name filter numbers.
    await expectRows('/PatrolData/Records', { time_limits: 3, patrol_card_no: '东门' }, () => false);
  });
});

describe('巡检点统计', () => {
  /** The fixture's count per day per card, newest day first, then by card number. */
  function totals(keep: (p: FixturePunch) => boolean): Omit<CardTotalRow, 'hold_name' | 'patrol_name'>[] {
    const counts = new Map<string, number>();
    for (const p of expected(keep)) {
      const key = `${p.create_date}|${p.patrol_sn}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts]
      .map(([key, n]) => {
        const [create_date = '', patrol_sn = ''] = key.split('|');
        return { create_date, patrol_sn, total_patrol_card: n };
      })
      .sort((x, y) =>
        x.create_date === y.create_date
          ? x.patrol_sn.localeCompare(y.patrol_sn)
          : y.create_date.localeCompare(x.create_date),
      );
  }
  const counted = (rows: CardTotalRow[]) =>
    rows.map(({ create_date, patrol_sn, total_patrol_card }) => ({ create_date, patrol_sn, total_patrol_card }));

  it('counts punches per card per day, newest day first', async () => {
    const reply = await h.post<CardTotalRow[]>('/PatrolData/TotalByPatrolCard', { time_limits: 3 }, w.a.token);
    expect(reply.code).toBe(200);
    expect(counted(reply.data)).toEqual(totals(and(PERIODS.thisMonth, A_SUBTREE)));
    expect(reply.total).toBe(reply.data.length);
    expect(reply.data.slice(0, 3)).toEqual([
      {
        create_date: '2026-11-20',
        patrol_sn: 'C-EAST',
        patrol_name: '东门',
        hold_name: '甲一部',
        total_patrol_card: 2,
      },
      { create_date: '2026-11-20', patrol_sn: 'NEW-TAG', patrol_name: '', hold_name: '甲企业', total_patrol_card: 1 },
      {
        create_date: '2026-11-19',
        patrol_sn: 'F-AT',
        patrol_name: '@SUM(A1)',
        hold_name: '甲企业',
        total_patrol_card: 1,
      },
    ]);
    // Two punches of 西门 on the 18th from two organisations: the day's latest punch names the organisation.
    expect(reply.data.find((r) => r.create_date === '2026-11-18')).toEqual({
      create_date: '2026-11-18',
      patrol_sn: 'C-WEST',
      patrol_name: '西门',
      hold_name: '甲企业',
      total_patrol_card: 2,
    });
  });

  it('follows every filter: periods, dates, children, cards, devices', async () => {
    const cases: [object, (p: FixturePunch) => boolean][] = [
      [{ time_limits: 2 }, and(PERIODS.lastWeek, A_SUBTREE)],
      [{ time_limits: 4 }, and(PERIODS.lastMonth, A_SUBTREE)],
      [{ start_time: '2026-11-09', end_time: '2026-11-16' }, and(between('2026-11-09', '2026-11-17'), A_SUBTREE)],
      [{ time_limits: 3, include_children: false }, and(PERIODS.thisMonth, inOrgs('a'))],
      [{ time_limits: 3, patrol_card_no: 'east' }, and(PERIODS.thisMonth, A_SUBTREE, (p) => p.card === 'C-EAST')],
      [{ time_limits: 3, device_sn: 'DEV-A1' }, and(PERIODS.thisMonth, inOrgs('a1'))],
    ];
    for (const [body, keep] of cases) {
      const reply = await h.post<CardTotalRow[]>('/PatrolData/TotalByPatrolCard', body, w.a.token);
      expect(counted(reply.data), JSON.stringify(body)).toEqual(totals(keep));
    }
    const sibling = await h.post<CardTotalRow[]>('/PatrolData/TotalByPatrolCard', { time_limits: 3 }, w.b.token);
    expect(sibling.data).toEqual([
      { create_date: '2026-11-20', patrol_sn: 'C-B', patrol_name: '乙门', hold_name: '乙企业', total_patrol_card: 1 },
    ]);
  });

  it('pages when asked, with the full count', async () => {
    const all = totals(and(PERIODS.thisMonth, A_SUBTREE));
    const reply = await h.post<CardTotalRow[]>(
      '/PatrolData/TotalByPatrolCard',
      { time_limits: 3, PageIndex: 2, PageSize: 3 },
      w.a.token,
    );
    expect(counted(reply.data)).toEqual(all.slice(3, 6));
    expect(reply.total).toBe(all.length);
    const beyond = await h.post(
      '/PatrolData/TotalByPatrolCard',
      { time_limits: 3, PageIndex: 50, PageSize: 3 },
      w.a.token,
    );
    expect(beyond).toMatchObject({ code: 200, data: [], total: all.length });
  });
});
