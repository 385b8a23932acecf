import { AlertKind } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import {
  REPEAT_SPAN_MS,
  clockAhead,
  clockDetail,
  clockDrift,
  proxyDetail,
  proxySuspects,
  CLOCK_AHEAD_MS,
} from '../../domain/punch-flags.js';
import { localDate } from '../../domain/time.js';
import * as repo from './alert.repository.js';
import { flagPunches, punchesAround, type DevicePunch } from './upload-alerts.repository.js';

/** What the upload knows when its punches are stored, in its transaction. */
export interface UploadFacts {
  terminal: { object_id: number; device_no: string; hold_id: number; clock_offset_s: number | null };
  now: Date;
  /** The terminal's clock when it sent the batch (`device_time`), if it said. */
  deviceTime: Date | null;
  /** Every valid punch time of the batch (stored or duplicate), ms. */
  batchTimes: number[];
  /** The punches this upload stored, each with the round and road it checks (if any). */
  stored: (DevicePunch & { round_id: number | null; road_id: number | null })[];
}

/** The terminal's clock against the server's when it sent the batch (ms ahead), or null when it did not say. */
export function clockOffsetMs(deviceTime: Date | null, now: Date): number | null {
  return deviceTime ? deviceTime.getTime() - now.getTime() : null;
}

/** Raises the upload's 时钟异常 and 疑似代打 and flags their punches. */
export async function checkUpload(ctx: AppContext, q: Queryable, facts: UploadFacts): Promise<void> {
  const { terminal, now } = facts;
  const offsetMs = clockOffsetMs(facts.deviceTime, now);
  const aheadMs = clockAhead(facts.batchTimes, now.getTime());
  const driftMs =
    offsetMs === null
      ? null
      : clockDrift(offsetMs, terminal.clock_offset_s === null ? null : terminal.clock_offset_s * 1000);
  const alerts: repo.NewAlert[] = [];
  const clockText = clockDetail({ aheadMs, driftMs });
  if (clockText) {
    alerts.push({
      kind: AlertKind.clock,
      subject: `clock:${terminal.object_id}:${localDate(now, ctx.config.tzName)}`,
      hold_id: terminal.hold_id,
      object_id: terminal.object_id,
      device_no: terminal.device_no,
      detail: clockText,
    });
    const ahead = now.getTime() + CLOCK_AHEAD_MS;
    const flagged = driftMs !== null ? facts.stored : facts.stored.filter((p) => Date.parse(p.punch_time) > ahead);
    await flagPunches(q, terminal.device_no, flagged, AlertKind.clock);
  }
  alerts.push(...(await proxyAlerts(ctx, q, facts)));
  await repo.raise(q, alerts, now);
}

/** A punch's card and instant, as one key (each punch's key made once: a batch has a thousand). */
const keyed = <P extends DevicePunch>(punches: readonly P[]) =>
  punches.map((punch) => {
    const at = Date.parse(punch.punch_time);
    return { punch, at, key: `${punch.patrol_sn}|${at}` };
  });

/**
 * 疑似代打: the device's punches around the stored ones (those of earlier uploads too), looked at for bunched or
 * repeated scans; a cluster holding one of this upload's punches raises its alert (once per device and round, or
 * device and day off any round) and flags its punches.
 */
async function proxyAlerts(ctx: AppContext, q: Queryable, facts: UploadFacts): Promise<repo.NewAlert[]> {
  const { terminal, stored } = facts;
  if (stored.length === 0) return [];
  const own = keyed(stored);
  const times = own.map((p) => p.at);
  const earlier = await punchesAround(
    q,
    terminal.device_no,
    { from: new Date(Math.min(...times) - REPEAT_SPAN_MS), to: new Date(Math.max(...times) + REPEAT_SPAN_MS) },
    facts.now,
  );
  const around = [...keyed(earlier), ...own];
  const clusters = proxySuspects(around.map(({ punch, at, key }) => ({ key, patrol_sn: punch.patrol_sn, at })));
  const mine = new Map(own.map(({ key, punch }) => [key, punch]));
  const byKey = new Map(around.map(({ key, punch }) => [key, punch]));
  const alerts: repo.NewAlert[] = [];
  // Every cluster's punches, flagged in one statement: a batch sent again with shifted times makes hundreds.
  const flagged = new Map<string, DevicePunch>();
  for (const cluster of clusters) {
    const ours = cluster.keys.flatMap((key) => mine.get(key) ?? []);
    if (ours.length === 0) continue;
    const inRound = ours.find((p) => p.round_id !== null);
    const day = localDate(new Date(cluster.first), ctx.config.tzName);
    alerts.push({
      kind: AlertKind.proxy,
      subject: `proxy:${terminal.object_id}:${inRound ? `round:${inRound.round_id}` : day}`,
      hold_id: terminal.hold_id,
      object_id: terminal.object_id,
      device_no: terminal.device_no,
      road_id: inRound?.road_id ?? null,
      round_id: inRound?.round_id ?? null,
      patrol_sn: cluster.cards[0] ?? '',
      detail: proxyDetail(cluster),
    });
    for (const key of cluster.keys) {
      const punch = byKey.get(key);
      if (punch) flagged.set(key, punch);
    }
  }
  await flagPunches(q, terminal.device_no, [...flagged.values()], AlertKind.proxy);
  return alerts;
}
