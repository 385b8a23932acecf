import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { alignCardDays } from '../../db/card-days.js';
import { prepareDatabase } from '../../db/startup.js';
import { queryRows } from '../../db/sql.js';
import { periodSpan, querySpan, type Span } from '../../domain/time-range.js';
import { useHarness } from '../../test/harness.js';
import { NOW, buildPunchWorld, shanghai, type PunchWorld } from '../../test/record-punches.js';
import * as repo from './card-totals.repository.js';
import type { PunchFilter } from './record.repository.js';

/**
 * `card_day_count` (巡检点统计 without keywords) against the punches it counts: after every kind of change the
 * rollup holds exactly the punches' per-day counts, and the rollup path answers the very pages and totals the
 * raw path aggregates from the punches.
 */
const h = useHarness();
let w: PunchWorld;
let allHolds: number[];
beforeAll(async () => {
  w = await buildPunchWorld(h);
  allHolds = (await queryRows<{ id: number }>(h.ctx.db, sql`select hold_id as id from hold order by 1`)).map(
    (r) => r.id,
  );
});

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';

type Key = { day: string; patrol_sn: string; hold_id: number; n: number };

/** The rollup's rows, and the same counted from the punches in the zone the rollup names. */
async function rollupAndTruth(): Promise<{ rollup: Key[]; truth: Key[]; zone: string }> {
  const db = h.ctx.db;
  const [zone] = await queryRows<{ tz: string }>(db, sql`select tz from card_day_zone`);
  const rollup = await queryRows<Key>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, patrol_sn, hold_id, n from card_day_count order by 1, 2, 3`,
  );
  const truth = await queryRows<Key>(
    db,
    sql`select to_char((punch_time at time zone ${zone?.tz})::date, 'YYYY-MM-DD') as day, patrol_sn, hold_id,
        count(*)::int as n
      from punch group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { rollup, truth, zone: zone?.tz ?? '' };
}

async function expectRollupExact(tz: string) {
  const { rollup, truth, zone } = await rollupAndTruth();
  expect(zone).toBe(tz);
  expect(rollup).toEqual(truth);
  expect(rollup.every((r) => r.n > 0)).toBe(true);
}

/** The spans the screen asks for in `tz`: periods, explicit dates (closed and open) and everything. */
function spans(tz: string): Span[] {
  const now = new Date(NOW);
  return [
    { from: null, to: null },
    ...([1, 2, 3, 4] as const).map((range) => periodSpan(range, now, tz)),
    querySpan({ range: 1, startDate: '2026-10-31', endDate: '2026-11-18' }, now, tz),
    querySpan({ range: 1, startDate: '2026-11-18', endDate: '' }, now, tz),
    querySpan({ range: 1, startDate: '', endDate: '2026-10-31' }, now, tz),
  ];
}

const PAGES = [
  undefined,
  { limit: 2, offset: 0 },
  { limit: 2, offset: 2 },
  { limit: 3, offset: 5 },
  { limit: 5, offset: 99 },
];

/** For every scope, span and page: the rollup answers (not null) exactly what the punches answer. */
async function expectSameAnswers(tz: string) {
  const db = h.ctx.db;
  const scopes = [allHolds, [w.holds.a, w.holds.a1], [w.holds.a], [w.holds.a1], [w.holds.b]];
  let rowsSeen = 0;
  for (const holdIds of scopes) {
    for (const span of spans(tz)) {
      const filter: PunchFilter = { holdIds, span, keys: [] };
      const what = JSON.stringify({ holdIds, span });
      const total = await repo.countCardTotalsFromPunches(db, tz, filter);
      expect(await repo.countCardTotalsFromRollup(db, tz, filter), what).toBe(total);
      expect(await repo.countCardTotals(db, tz, filter), what).toBe(total);
      for (const page of PAGES) {
        const raw = await repo.listCardTotalsFromPunches(db, tz, filter, page);
        const rolled = await repo.listCardTotalsFromRollup(db, tz, filter, page);
        expect(rolled, what).not.toBeNull();
        expect(rolled?.rows, `${what} ${JSON.stringify(page)}`).toEqual(raw.rows);
        expect(rolled?.total, `${what} ${JSON.stringify(page)}`).toBe(total);
        rowsSeen += raw.rows.length;
      }
    }
  }
  // The comparison compared something.
  expect(rowsSeen).toBeGreaterThan(50);
}

async function insertPunches(rows: { device: string; card: string; at: string; hold: number; name?: string }[]) {
  for (const r of rows) {
    await h.ctx.db.execute(sql`insert into punch (device_no, patrol_sn, punch_time, upload_time, hold_id, hold_name,
        patrol_name)
      values (${r.device}, ${r.card}, ${shanghai(r.at).toISOString()}::timestamptz, now(), ${r.hold},
        (select hold_name from hold where hold_id = ${r.hold}), ${r.name ?? ''})`);
  }
}

describe('巡检点统计 from card_day_count', () => {
  it('is filled from the stored punches and answers as the punches do', async () => {
    await expectRollupExact(SHANGHAI);
    await expectSameAnswers(SHANGHAI);
  });

  it('keeps keyword filters and spans that are not whole local days on the punches', async () => {
    const span = periodSpan(3, new Date(NOW), SHANGHAI);
    const db = h.ctx.db;
    const keyed = { holdIds: allHolds, span, keys: [{ fields: ['patrol_sn' as const], key: 'east' }] };
    expect(await repo.listCardTotalsFromRollup(db, SHANGHAI, keyed)).toBeNull();
    expect(await repo.countCardTotalsFromRollup(db, SHANGHAI, keyed)).toBeNull();
    const midDay = { holdIds: allHolds, span: { from: shanghai('2026-11-18 12:00:00'), to: span.to }, keys: [] };
    expect(await repo.listCardTotalsFromRollup(db, SHANGHAI, midDay)).toBeNull();
    // The combined entry points still answer, from the punches.
    expect((await repo.listCardTotals(db, SHANGHAI, midDay)).rows).toEqual(
      (await repo.listCardTotalsFromPunches(db, SHANGHAI, midDay)).rows,
    );
    expect(await repo.countCardTotals(db, SHANGHAI, keyed)).toBe(
      await repo.countCardTotalsFromPunches(db, SHANGHAI, keyed),
    );
  });

  it('follows inserts: repeated keys in one statement, a card of several organisations in one day', async () => {
    await insertPunches([
      // 西门 on the 18th from 乙企业 as well (甲企业 and 甲一部 punched it that day): one (day, card) row at the
      // root, the latest punch naming the organisation.
      { device: 'X-1', card: 'C-WEST', at: '2026-11-18 20:00:00', hold: w.holds.b, name: '西门' },
      { device: 'X-1', card: 'C-EAST', at: '2026-11-17 00:00:00', hold: w.holds.a },
      { device: 'X-2', card: 'C-EAST', at: '2026-11-17 00:00:00', hold: w.holds.a },
      { device: 'X-1', card: 'C-EAST', at: '2026-11-16 23:59:59', hold: w.holds.a1 },
      // Last month's last local day is still October in Shanghai (the 31st, 16:00 UTC onwards is November there).
      { device: 'X-1', card: 'C-B', at: '2026-10-31 23:30:00', hold: w.holds.b },
      // Before any partition the uploads made (the default partition).
      { device: 'X-3', card: 'OLD', at: '2026-09-03 10:00:00', hold: w.holds.a1 },
    ]);
    await h.ctx.db.execute(sql`insert into punch (device_no, patrol_sn, punch_time, upload_time, hold_id)
      select 'BULK-' || i, 'C-EAST', ${shanghai('2026-11-19 12:00:00').toISOString()}::timestamptz, now(),
        case when i % 2 = 0 then ${w.holds.a}::int else ${w.holds.a1}::int end
      from generate_series(1, 7) i`);
    await expectRollupExact(SHANGHAI);
    await expectSameAnswers(SHANGHAI);
    const root = await repo.listCardTotalsFromRollup(h.ctx.db, SHANGHAI, {
      holdIds: allHolds,
      span: periodSpan(3, new Date(NOW), SHANGHAI),
      keys: [],
    });
    expect(root?.rows.find((r) => r.create_date === '2026-11-18' && r.patrol_sn === 'C-WEST')).toEqual({
      create_date: '2026-11-18',
      patrol_sn: 'C-WEST',
      patrol_name: '西门',
      hold_name: '乙企业',
      total_patrol_card: 3,
    });
  });

  it('follows deletes: a day’s latest punch, and the last punch of a (day, card)', async () => {
    const db = h.ctx.db;
    // The later of the two 08:15 punches on the 20th (甲一部's) goes: the day's row now names 甲企业.
    await db.execute(sql`delete from punch where punch_id = (select max(punch_id) from punch
      where patrol_sn = 'C-EAST' and punch_time = ${shanghai('2026-11-20 08:15:00').toISOString()}::timestamptz)`);
    await db.execute(sql`delete from punch where patrol_sn in ('NEW-TAG', 'OLD')`);
    const [gone] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from card_day_count where patrol_sn in ('NEW-TAG', 'OLD')`,
    );
    expect(gone?.n).toBe(0);
    await expectRollupExact(SHANGHAI);
    await expectSameAnswers(SHANGHAI);
    const page = await repo.listCardTotalsFromRollup(db, SHANGHAI, {
      holdIds: allHolds,
      span: periodSpan(1, new Date(NOW), SHANGHAI),
      keys: [],
    });
    expect(page?.rows.slice(0, 2)).toEqual([
      { create_date: '2026-11-20', patrol_sn: 'C-B', patrol_name: '乙门', hold_name: '乙企业', total_patrol_card: 1 },
      {
        create_date: '2026-11-20',
        patrol_sn: 'C-EAST',
        patrol_name: '东门',
        hold_name: '甲企业',
        total_patrol_card: 1,
      },
    ]);
  });

  it('follows updates of punch time (across days and partitions) and of organisation', async () => {
    const db = h.ctx.db;
    // One punch to another day and month (a row moving between partitions), one to another organisation, and a
    // statement that changes no key at all.
    await db.execute(sql`update punch set punch_time = punch_time - interval '20 days'
      where patrol_sn = 'C-EAST' and punch_time = ${shanghai('2026-11-16 00:00:00').toISOString()}::timestamptz`);
    await db.execute(sql`update punch set hold_id = ${w.holds.b}
      where patrol_sn = 'F-EQ'`);
    await db.execute(sql`update punch set punch_time = punch_time + interval '1 second'
      where patrol_sn = 'C-WEST' and punch_time = ${shanghai('2026-10-31 23:59:59').toISOString()}::timestamptz`);
    await db.execute(sql`update punch set upload_time = upload_time + interval '1 minute'`);
    await expectRollupExact(SHANGHAI);
    await expectSameAnswers(SHANGHAI);
  });

  it('serves concurrent writers of the same (day, card) rows without drift', async () => {
    const cards = ['C-EAST', 'C-WEST', 'C-B', 'F-AT'];
    const writers = Array.from({ length: 6 }, (_, writer) =>
      h.ctx.db.transaction(async (tx) => {
        for (let round = 0; round < 3; round += 1) {
          // Each writer names the shared keys in another order.
          const order = writer % 2 === 0 ? cards : [...cards].reverse();
          await tx.execute(sql`insert into punch (device_no, patrol_sn, punch_time, upload_time, hold_id)
            select ${`W-${writer}-${round}`}, sn, ${shanghai('2026-11-13 09:00:00').toISOString()}::timestamptz, now(),
              ${w.holds.a}::int
            from unnest(${sql.param(order)}::text[]) sn`);
        }
      }),
    );
    await Promise.all(writers);
    await expectRollupExact(SHANGHAI);
    await expectSameAnswers(SHANGHAI);
  });

  it('is rebuilt at start-up in a newly configured zone, and the triggers count in it from then on', async () => {
    const db = h.ctx.db;
    const config = h.ctx.config;
    const newYorkFilter = { holdIds: allHolds, span: periodSpan(3, new Date(NOW), NEW_YORK), keys: [] };
    // Built in Shanghai: asked in New York's days, the rollup declines and the punches answer.
    expect(await repo.listCardTotalsFromRollup(db, NEW_YORK, newYorkFilter)).toBeNull();
    expect(await repo.countCardTotalsFromRollup(db, NEW_YORK, newYorkFilter)).toBeNull();
    expect(await repo.listCardTotals(db, NEW_YORK, newYorkFilter)).toEqual(
      await repo.listCardTotalsFromPunches(db, NEW_YORK, newYorkFilter),
    );

    await prepareDatabase(h.database, { ...config, tzName: NEW_YORK }, new Date(NOW));
    await expectRollupExact(NEW_YORK);
    await expectSameAnswers(NEW_YORK);
    // The 00:00 punch of 1 November in Shanghai is 31 October in New York.
    const days = await queryRows<{ day: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day from card_day_count where patrol_sn = 'C-WEST' and hold_id = ${w.holds.a}
        order by 1`,
    );
    expect(days.map((d) => d.day)).toContain('2026-10-31');
    expect(await repo.listCardTotalsFromRollup(db, SHANGHAI, newYorkFilter)).toBeNull();

    await insertPunches([{ device: 'NY-1', card: 'C-EAST', at: '2026-11-20 12:30:00', hold: w.holds.a }]);
    await db.execute(sql`delete from punch where device_no = 'W-1-0'`);
    await expectRollupExact(NEW_YORK);
    await expectSameAnswers(NEW_YORK);

    // The same zone again: nothing to rebuild.
    expect(await alignCardDays(db, NEW_YORK)).toBe(false);
    // And back.
    await prepareDatabase(h.database, config, new Date(NOW));
    await expectRollupExact(SHANGHAI);
    await expectSameAnswers(SHANGHAI);
  });
});
