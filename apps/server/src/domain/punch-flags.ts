/**
 * Punches that look like cheating (疑似代打) and terminal clocks that cannot be trusted (时钟异常), ACCOUNTABILITY.md,
 * Alerts. Pure: one device's punches or clock readings in, findings and their Chinese detail text out, so the upload
 * decides them inside its transaction and every server agrees.
 *
 * "Within" a span means a half-open window, like a round's window: punches less than the span apart. A guard who
 * needs 30 s between points therefore never reaches three points "within 60 s".
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/** Nobody walks between three points in under a minute: several cards are being punched in one place. */
export const BUNCHED_SPAN_MS = 60 * SECOND_MS;
export const BUNCHED_CARDS = 3;
/** The same card again and again in a few minutes: a card (or a copy of it) carried around, not walked to. */
export const REPEAT_SPAN_MS = 10 * MINUTE_MS;
export const REPEAT_COUNT = 5;
/** A batch stamped further ahead than this of the server's clock comes from a wrong terminal clock. */
export const CLOCK_AHEAD_MS = 10 * MINUTE_MS;
/** A terminal clock that moved more than this between uploads was set by hand (or lost its battery). */
export const CLOCK_DRIFT_MS = 30 * MINUTE_MS;

/** One punch of one device: `key` names it (the same key twice is the same punch), `at` is its punch_time in ms. */
export interface FlagPunch {
  key: string;
  patrol_sn: string;
  at: number;
}

export type ProxyRule = 'bunched' | 'repeated';

/** Punches that together look like proxy punching; overlapping windows of one rule are one cluster. */
export interface ProxyCluster {
  rule: ProxyRule;
  /** The punches in it, by time. */
  keys: string[];
  first: number;
  last: number;
  /** The cards punched, in the order first punched. */
  cards: string[];
}

/** By time, one punch per key (order-free: of a key sent with different data, the earliest wins). */
function byTime(punches: readonly FlagPunch[]): FlagPunch[] {
  const sorted = [...punches].sort((a, b) => a.at - b.at || compare(a.key, b.key) || compare(a.patrol_sn, b.patrol_sn));
  const seen = new Set<string>();
  return sorted.filter((p) => !seen.has(p.key) && seen.add(p.key));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The qualifying windows of time-sorted punches, merged where they share a punch, as index ranges. A window ends at
 * each punch time (taking every punch of that time) and reaches back less than `spanMs`; it qualifies when
 * `enough(distinct cards, punches)`.
 */
function clusterRanges(
  sorted: readonly FlagPunch[],
  spanMs: number,
  enough: (cards: number, punches: number) => boolean,
): [number, number][] {
  const ranges: [number, number][] = [];
  const counts = new Map<string, number>();
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    const { patrol_sn, at } = sorted[end]!;
    counts.set(patrol_sn, (counts.get(patrol_sn) ?? 0) + 1);
    for (; at - sorted[start]!.at >= spanMs; start++) {
      const card = sorted[start]!.patrol_sn;
      const left = counts.get(card)! - 1;
      if (left === 0) counts.delete(card);
      else counts.set(card, left);
    }
    if (sorted[end + 1]?.at === at || !enough(counts.size, end - start + 1)) continue;
    const last = ranges.at(-1);
    if (last && start <= last[1]) last[1] = end;
    else ranges.push([start, end]);
  }
  return ranges;
}

function cluster(rule: ProxyRule, punches: readonly FlagPunch[]): ProxyCluster {
  return {
    rule,
    keys: punches.map((p) => p.key),
    first: punches[0]!.at,
    last: punches.at(-1)!.at,
    cards: [...new Set(punches.map((p) => p.patrol_sn))],
  };
}

/**
 * Suspected proxy punching among one device's punches (an upload's new ones and those stored around them, any
 * order): ≥ BUNCHED_CARDS distinct cards within BUNCHED_SPAN_MS, or one card ≥ REPEAT_COUNT times within
 * REPEAT_SPAN_MS (each card on its own: its detail names one point). Ordered by first punch.
 */
export function proxySuspects(punches: readonly FlagPunch[]): ProxyCluster[] {
  const sorted = byTime(punches);
  const found = clusterRanges(sorted, BUNCHED_SPAN_MS, (cards) => cards >= BUNCHED_CARDS).map(([s, e]) =>
    cluster('bunched', sorted.slice(s, e + 1)),
  );
  const byCard = new Map<string, FlagPunch[]>();
  for (const p of sorted) {
    const same = byCard.get(p.patrol_sn);
    if (same) same.push(p);
    else byCard.set(p.patrol_sn, [p]);
  }
  for (const same of byCard.values()) {
    for (const [s, e] of clusterRanges(same, REPEAT_SPAN_MS, (_, count) => count >= REPEAT_COUNT)) {
      found.push(cluster('repeated', same.slice(s, e + 1)));
    }
  }
  return found.sort((a, b) => a.first - b.first || compare(a.rule, b.rule) || compare(a.keys[0]!, b.keys[0]!));
}

/** How far the batch's latest punch runs ahead of the server clock, when more than CLOCK_AHEAD_MS; else null. */
export function clockAhead(punchTimes: readonly number[], now: number): number | null {
  const latest = punchTimes.reduce((max, at) => Math.max(max, at), -Infinity);
  const ahead = latest - now;
  return ahead > CLOCK_AHEAD_MS ? ahead : null;
}

/**
 * How far the terminal's clock offset (device_time − server time at upload) moved since its earlier upload, when
 * more than CLOCK_DRIFT_MS either way (signed: positive when it now runs further ahead); else null.
 */
export function clockDrift(offsetMs: number, previousOffsetMs: number | null): number | null {
  if (previousOffsetMs === null) return null;
  const drift = offsetMs - previousOffsetMs;
  return Math.abs(drift) > CLOCK_DRIFT_MS ? drift : null;
}

const minutes = (ms: number) => Math.round(Math.abs(ms) / MINUTE_MS);

/** The 时钟异常 detail for what clockAhead and clockDrift found; null when they found nothing. */
export function clockDetail(found: { aheadMs?: number | null; driftMs?: number | null }): string | null {
  const parts: string[] = [];
  if (found.aheadMs != null) parts.push(`终端时钟比服务器快 ${minutes(found.aheadMs)} 分钟`);
  if (found.driftMs != null) parts.push(`终端时钟较上次上传偏移 ${minutes(found.driftMs)} 分钟`);
  return parts.length > 0 ? parts.join('；') : null;
}

/** The 疑似代打 detail of a cluster; a merged cluster longer than its rule's span says how long it really took. */
export function proxyDetail(found: ProxyCluster): string {
  const span = found.last - found.first;
  if (found.rule === 'bunched') {
    const seconds = Math.max(BUNCHED_SPAN_MS, span) / SECOND_MS;
    return `${Math.ceil(seconds)} 秒内打卡 ${found.cards.length} 个不同巡检点：${found.cards.join('、')}`;
  }
  const within = Math.ceil(Math.max(REPEAT_SPAN_MS, span) / MINUTE_MS);
  return `${within} 分钟内同一巡检点打卡 ${found.keys.length} 次：${found.cards.join('、')}`;
}
