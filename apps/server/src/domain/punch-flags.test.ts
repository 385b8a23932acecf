import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  CLOCK_AHEAD_MS,
  CLOCK_DRIFT_MS,
  clockAhead,
  clockDetail,
  clockDrift,
  proxyDetail,
  proxySuspects,
  type FlagPunch,
  type ProxyCluster,
} from './punch-flags.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const T0 = Date.UTC(2026, 10, 20, 0, 30);

let serial = 0;
/** A punch of card `sn` `seconds` after T0. */
const punch = (sn: string, seconds: number): FlagPunch => ({
  key: `p${++serial}`,
  patrol_sn: sn,
  at: T0 + seconds * SECOND,
});

describe('suspected proxy punching (疑似代打)', () => {
  it('flags three distinct points in 59 s, not in 61 s', () => {
    const quick = [punch('A001', 0), punch('A002', 30), punch('A003', 59)];
    expect(proxySuspects(quick)).toEqual([
      {
        rule: 'bunched',
        keys: quick.map((p) => p.key),
        first: T0,
        last: T0 + 59 * SECOND,
        cards: ['A001', 'A002', 'A003'],
      },
    ]);
    expect(proxySuspects([punch('A001', 0), punch('A002', 30), punch('A003', 61)])).toEqual([]);
  });

  it('does not count the same point twice towards three distinct points', () => {
    expect(proxySuspects([punch('A001', 0), punch('A002', 10), punch('A001', 20)])).toEqual([]);
  });

  it('flags the fifth punch of one card within ten minutes, not the fourth', () => {
    const four = [0, 120, 240, 360].map((s) => punch('A001', s));
    expect(proxySuspects(four)).toEqual([]);
    const five = [...four, punch('A001', 590)];
    expect(proxySuspects(five)).toEqual([
      { rule: 'repeated', keys: five.map((p) => p.key), first: T0, last: T0 + 590 * SECOND, cards: ['A001'] },
    ]);
    expect(proxySuspects([...four, punch('A001', 600)])).toEqual([]);
  });

  it('merges a burst that goes on into one cluster, and keeps separate bursts apart', () => {
    const burst = [0, 20, 40, 60, 80].map((s, i) => punch(`B00${i}`, s));
    const later = [600, 610, 620].map((s, i) => punch(`C00${i}`, s));
    const found = proxySuspects([...later, ...burst]);
    expect(found.map((c) => [c.rule, c.keys])).toEqual([
      ['bunched', burst.map((p) => p.key)],
      ['bunched', later.map((p) => p.key)],
    ]);
  });

  it('reads a punch sent twice as one', () => {
    const [a, b] = [punch('A001', 0), punch('A002', 10)];
    expect(proxySuspects([a!, b!, a!, b!])).toEqual([]);
  });

  it('says in Chinese what was seen', () => {
    const [bunched] = proxySuspects([punch('A001', 0), punch('A002', 10), punch('A003', 20)]);
    expect(proxyDetail(bunched!)).toBe('60 秒内打卡 3 个不同巡检点：A001、A002、A003');
    const [repeated] = proxySuspects([0, 60, 120, 180, 240].map((s) => punch('A001', s)));
    expect(proxyDetail(repeated!)).toBe('10 分钟内同一巡检点打卡 5 次：A001');
    const [long] = proxySuspects([0, 20, 40, 60, 80, 100].map((s, i) => punch(`B${i}`, s)));
    expect(proxyDetail(long!)).toBe('100 秒内打卡 6 个不同巡检点：B0、B1、B2、B3、B4、B5');
  });
});

/** One device's punches: few cards and a short span, so clusters of both rules happen. */
const anyPunches = fc.uniqueArray(
  fc.record({
    key: fc.string({ minLength: 1, maxLength: 4 }),
    patrol_sn: fc.constantFrom('A1', 'A2', 'A3', 'A4'),
    at: fc.integer({ min: T0, max: T0 + 20 * MINUTE }),
  }),
  { selector: (p) => p.key, maxLength: 40 },
);

/** Whether every cluster of `before` lies inside a cluster of the same rule in `after`. */
const kept = (before: ProxyCluster[], after: ProxyCluster[]) =>
  before.every((old) => after.some((c) => c.rule === old.rule && old.keys.every((k) => c.keys.includes(k))));

describe('proxy punching, for any punches', () => {
  test.prop([anyPunches, fc.func(fc.integer())])('the order they arrive in does not matter', (punches, rank) => {
    const shuffled = [...punches, ...punches.slice(0, 3)].sort((a, b) => rank(a) - rank(b));
    expect(proxySuspects(shuffled)).toEqual(proxySuspects(punches));
  });

  test.prop([anyPunches])('a punch is in a cluster exactly when some window that holds it is suspect', (punches) => {
    // Spelled out the slow way: every window ending at a punch, reaching back less than its span.
    const suspect = (span: number, enough: (w: FlagPunch[]) => boolean, group: (p: FlagPunch) => string) =>
      new Set(
        punches.flatMap((end) => {
          const window = punches.filter((p) => group(p) === group(end) && p.at <= end.at && end.at - p.at < span);
          return enough(window) ? window.map((p) => p.key) : [];
        }),
      );
    const inClusters = (rule: string) =>
      new Set(
        proxySuspects(punches)
          .filter((c) => c.rule === rule)
          .flatMap((c) => c.keys),
      );
    expect(inClusters('bunched')).toEqual(
      suspect(
        MINUTE,
        (w) => new Set(w.map((p) => p.patrol_sn)).size >= 3,
        () => '',
      ),
    );
    expect(inClusters('repeated')).toEqual(
      suspect(
        10 * MINUTE,
        (w) => w.length >= 5,
        (p) => p.patrol_sn,
      ),
    );
  });

  test.prop([anyPunches, fc.integer({ min: T0, max: T0 + 20 * MINUTE }), fc.constantFrom('A1', 'A2', 'A5')])(
    'one more punch never clears a suspicion',
    (punches, at, sn) => {
      const more = [...punches, { key: 'the new one', patrol_sn: sn, at }];
      expect(kept(proxySuspects(punches), proxySuspects(more))).toBe(true);
    },
  );

  test.prop([fc.array(fc.integer({ min: 30 * SECOND, max: 10 * MINUTE }), { maxLength: 60 })])(
    'a guard walking distinct points at least 30 s apart is never suspected',
    (gaps) => {
      let at = T0;
      const walk = gaps.map((gap, i) => ({ key: `w${i}`, patrol_sn: `P${i}`, at: (at += gap) }));
      expect(proxySuspects(walk)).toEqual([]);
    },
  );
});

describe('terminal clocks (时钟异常)', () => {
  const now = T0;
  it('flags a batch more than ten minutes ahead of the server', () => {
    expect(clockAhead([now - 5 * MINUTE, now + 9 * MINUTE], now)).toBeNull();
    expect(clockAhead([now + 11 * MINUTE, now], now)).toBe(11 * MINUTE);
    expect(clockAhead([now + CLOCK_AHEAD_MS], now)).toBeNull();
    expect(clockAhead([], now)).toBeNull();
  });

  it('flags a clock that moved more than thirty minutes since the earlier upload, either way', () => {
    expect(clockDrift(5 * MINUTE, null)).toBeNull();
    expect(clockDrift(25 * MINUTE, -4 * MINUTE)).toBeNull();
    expect(clockDrift(CLOCK_DRIFT_MS, 0)).toBeNull();
    expect(clockDrift(42 * MINUTE, 0)).toBe(42 * MINUTE);
    expect(clockDrift(-40 * MINUTE, 2 * MINUTE)).toBe(-42 * MINUTE);
  });

  it('says in Chinese what was seen', () => {
    expect(clockDetail({ aheadMs: 25 * MINUTE })).toBe('终端时钟比服务器快 25 分钟');
    expect(clockDetail({ driftMs: -42 * MINUTE })).toBe('终端时钟较上次上传偏移 42 分钟');
    expect(clockDetail({ aheadMs: 25 * MINUTE, driftMs: 42 * MINUTE })).toBe(
      '终端时钟比服务器快 25 分钟；终端时钟较上次上传偏移 42 分钟',
    );
    expect(clockDetail({ aheadMs: null, driftMs: null })).toBeNull();
  });
});
