import { AlertKind } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { judgePlace } from '../../domain/position.js';
import { localDate, localTimeText } from '../../domain/time.js';
import { raiseAlerts } from '../alert/alert.service.js';

/** A stored punch's columns this file reads and writes (punch.repository.ts's PunchInsert has them). */
interface PlacedPunch {
  patrol_sn: string;
  punch_time: string;
  road_id: number | null;
  user_id: number | null;
  lat?: number | null;
  lng?: number | null;
  accuracy?: number | null;
  distance_m?: number | null;
  flag?: number;
}

/**
 * A punch's position columns (SAFETY.md): the phone's position, its distance from the point when both are known,
 * and the flag 位置异常 (kind 10) when farther than the radius plus its accuracy. Without a position: nothing.
 */
export function placeOf(
  position: { lat: number; lng: number; accuracy: number | null } | undefined,
  point: { lat: number | null; lng: number | null; radius: number } | undefined,
): Pick<PlacedPunch, 'lat' | 'lng' | 'accuracy' | 'distance_m' | 'flag'> {
  if (!position) return {};
  const known = point && point.lat !== null && point.lng !== null ? { lat: point.lat, lng: point.lng } : null;
  const judged = judgePlace({ point: known && point ? { ...known, radius: point.radius } : null, punch: position });
  return {
    lat: position.lat,
    lng: position.lng,
    accuracy: position.accuracy,
    distance_m: judged.distance,
    ...(judged.flagged ? { flag: AlertKind.position } : {}),
  };
}

/**
 * 位置异常: raised by the upload that shows it, in its transaction, once per round and device (per device and day for
 * a punch that checks no round), naming the point and how far off the punch was.
 */
export async function raisePositionAlerts(
  ctx: AppContext,
  q: Queryable,
  facts: {
    terminal: { object_id: number; device_no: string; hold_id: number };
    now: Date;
    flagged: (PlacedPunch & { round_id: number | null })[];
  },
): Promise<void> {
  const { terminal, now, flagged } = facts;
  if (flagged.length === 0) return;
  const tz = ctx.config.tzName;
  const bySubject = new Map<string, (typeof flagged)[number]>();
  for (const punch of flagged) {
    const at = new Date(punch.punch_time);
    const subject = `position:${terminal.object_id}:${punch.round_id !== null ? `round:${punch.round_id}` : localDate(at, tz)}`;
    if (!bySubject.has(subject)) bySubject.set(subject, punch);
  }
  await raiseAlerts(
    q,
    [...bySubject].map(([subject, punch]) => ({
      kind: AlertKind.position,
      subject,
      hold_id: terminal.hold_id,
      road_id: punch.road_id,
      round_id: punch.round_id,
      object_id: terminal.object_id,
      device_no: terminal.device_no,
      patrol_sn: punch.patrol_sn,
      user_id: punch.user_id,
      lat: punch.lat ?? null,
      lng: punch.lng ?? null,
      accuracy: punch.accuracy ?? null,
      detail: `${punch.patrol_sn} ${localTimeText(new Date(punch.punch_time), tz)} 的打卡距巡检点 ${punch.distance_m ?? '?'} 米，超出允许范围`,
    })),
    now,
  );
}
