import { expect } from 'vitest';
import type { PunchRow } from '@guard-tour/contract';
import { weekday } from '../domain/zoned-time.js';
import { DEVICE_KEY, MINUTE, type Harness } from './harness.js';
import { PASSWORD, buildWorld, type World } from './world.js';

/**
 * A fixed set of punches for the record screens, uploaded through the terminals' endpoint at known times:
 * two enterprises (甲 with its department 甲一部, and 乙), across this week, last week, this month and last month
 * as seen on Friday 2026-11-20 10:00 in Shanghai.
 */
export const NOW = '2026-11-20T02:00:00Z';

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

type Org = 'a' | 'a1' | 'b';

export const DEVICES = {
  'DEV-A': { org: 'a', name: '甲一号机', hold: '甲企业' },
  'DEV-A1': { org: 'a1', name: '甲部门机', hold: '甲一部' },
  'DEV-B': { org: 'b', name: '乙机', hold: '乙企业' },
} as const;
type DeviceNo = keyof typeof DEVICES;

export const CARDS: Record<string, { org: Org; name: string; location: string }> = {
  'C-EAST': { org: 'a', name: '东门', location: '东门岗亭' },
  'C-WEST': { org: 'a', name: '西门', location: '西门岗亭' },
  'C-B': { org: 'b', name: '乙门', location: '乙门岗亭' },
  // Point names a spreadsheet would run as formulas (QUALITY.md R6).
  'F-EQ': { org: 'a', name: '=1+1', location: '=1+1' },
  'F-PLUS': { org: 'a', name: '+1', location: '+1' },
  'F-MINUS': { org: 'a', name: '-1', location: '-1' },
  'F-AT': { org: 'a', name: '@SUM(A1)', location: '@SUM(A1)' },
};

export const GUARDS = {
  guard_zhang: { org: 'a', trueName: '张伟' },
  guard_li: { org: 'a1', trueName: '李娜' },
  guard_b: { org: 'b', trueName: '王乙' },
} as const;
type Guard = keyof typeof GUARDS;

export interface FixturePunch {
  /** Local time in Shanghai. */
  at: string;
  device: DeviceNo;
  card: string;
  user?: Guard;
}

/** In upload order (which decides the tie between the two punches at 2026-11-20 08:15:00). */
export const PUNCHES: FixturePunch[] = [
  { at: '2026-10-05 08:00:00', device: 'DEV-A', card: 'C-EAST', user: 'guard_zhang' },
  { at: '2026-10-20 09:00:00', device: 'DEV-B', card: 'C-B', user: 'guard_b' },
  { at: '2026-10-31 23:59:59', device: 'DEV-A1', card: 'C-WEST', user: 'guard_li' },
  { at: '2026-11-01 00:00:00', device: 'DEV-A', card: 'C-WEST', user: 'guard_zhang' },
  { at: '2026-11-09 00:00:00', device: 'DEV-A', card: 'C-EAST' },
  { at: '2026-11-12 14:00:00', device: 'DEV-A', card: 'C-EAST', user: 'guard_zhang' },
  { at: '2026-11-15 23:59:59', device: 'DEV-A1', card: 'C-EAST', user: 'guard_li' },
  { at: '2026-11-16 00:00:00', device: 'DEV-A', card: 'C-EAST', user: 'guard_zhang' },
  { at: '2026-11-18 12:30:00', device: 'DEV-A1', card: 'C-WEST', user: 'guard_li' },
  { at: '2026-11-18 17:45:10', device: 'DEV-A', card: 'C-WEST', user: 'guard_zhang' },
  { at: '2026-11-19 07:00:00', device: 'DEV-A', card: 'F-EQ', user: 'guard_zhang' },
  { at: '2026-11-19 07:01:00', device: 'DEV-A', card: 'F-PLUS', user: 'guard_zhang' },
  { at: '2026-11-19 07:02:00', device: 'DEV-A', card: 'F-MINUS', user: 'guard_zhang' },
  { at: '2026-11-19 07:03:00', device: 'DEV-A', card: 'F-AT', user: 'guard_zhang' },
  { at: '2026-11-20 08:15:00', device: 'DEV-A', card: 'C-EAST', user: 'guard_zhang' },
  { at: '2026-11-20 08:15:00', device: 'DEV-A1', card: 'C-EAST', user: 'guard_li' },
  { at: '2026-11-20 09:00:00', device: 'DEV-B', card: 'C-B', user: 'guard_b' },
  // A card no point has: stored all the same, with an empty point name.
  { at: '2026-11-20 09:30:00', device: 'DEV-A', card: 'NEW-TAG', user: 'guard_zhang' },
];

/** The instant of a Shanghai wall-clock time. */
export const shanghai = (local: string) => new Date(`${local.replace(' ', 'T')}+08:00`);

function localText(instant: Date): string {
  return new Date(instant.getTime() + 8 * 60 * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
}

/** Each punch is uploaded five minutes after it was made. */
export const UPLOAD_DELAY = 5 * MINUTE;

/** The row a list should show for a fixture punch (names as they were at upload). */
export function rowOf(p: FixturePunch): Omit<PunchRow, 'punch_id'> {
  const card = CARDS[p.card];
  const device = DEVICES[p.device];
  return {
    create_time: p.at,
    create_date: p.at.slice(0, 10),
    create_htime: p.at.slice(11),
    weekly: WEEKDAYS[weekday(p.at.slice(0, 10)) - 1]!,
    patrol_name: card?.name ?? '',
    patrol_sn: p.card,
    location: card?.location ?? '',
    device_no: p.device,
    object_name: device.name,
    user_name: p.user ?? '',
    true_name: p.user ? GUARDS[p.user].trueName : '',
    road_name: '',
    hold_name: device.hold,
    upload_time: localText(new Date(shanghai(p.at).getTime() + UPLOAD_DELAY)),
    flag: '',
    note: '',
    photo_ids: [],
    // A reader sends no position (SAFETY.md).
    lat: null,
    lng: null,
    distance_m: null,
    // No checklist on the fixture points (INSPECTION.md).
    check_result: '',
  };
}

/** A list's rows as the fixture's rows: without their ids, which the database gives. */
export const withoutIds = (rows: PunchRow[]): Omit<PunchRow, 'punch_id'>[] =>
  rows.map(({ punch_id: _, ...row }) => row);

/** The fixture punches a list should show, newest first (time, then upload order), with their row. */
export function expected(keep: (p: FixturePunch) => boolean): Omit<PunchRow, 'punch_id'>[] {
  return PUNCHES.map((p, index) => ({ p, index }))
    .filter(({ p }) => keep(p))
    .sort((x, y) => (x.p.at === y.p.at ? y.index - x.index : x.p.at < y.p.at ? 1 : -1))
    .map(({ p }) => rowOf(p));
}

/** Local time `at` lies in [from, to) (local `YYYY-MM-DD[ HH:mm:ss]` bounds). */
export const between = (from: string, to: string) => (p: FixturePunch) => p.at >= from && p.at < to;

/** The punch's organisation (its device's) lies in these. */
export const inOrgs =
  (...orgs: Org[]) =>
  (p: FixturePunch) =>
    orgs.includes(DEVICES[p.device].org);

export const PERIODS = {
  thisWeek: between('2026-11-16', '2026-11-23'),
  lastWeek: between('2026-11-09', '2026-11-16'),
  thisMonth: between('2026-11-01', '2026-12-01'),
  lastMonth: between('2026-10-01', '2026-11-01'),
};

export interface PunchWorld extends World {
  holds: Record<Org, number>;
  cardIds: Record<string, number>;
}

/** The world of isolation tests plus the fixture's accounts, devices, points and punches. */
export async function buildPunchWorld(h: Harness): Promise<PunchWorld> {
  h.clock.set(NOW);
  const w = await buildWorld(h);
  const holds: Record<Org, number> = { a: w.a.holdId, a1: w.a1.holdId, b: w.b.holdId };
  for (const [userName, guard] of Object.entries(GUARDS)) {
    const reply = await h.post(
      '/HoldInfo/SaveAccount',
      {
        user_id: 0,
        hold_id: holds[guard.org],
        user_name: userName,
        user_password: PASSWORD,
        true_name: guard.trueName,
      },
      w.root,
    );
    expect(reply.code, reply.msg).toBe(200);
  }
  for (const [deviceNo, device] of Object.entries(DEVICES)) {
    const reply = await h.post(
      '/DeviceInfo/SaveDeviceInfo',
      { object_id: 0, hold_id: holds[device.org], device_no: deviceNo, object_name: device.name },
      w.root,
    );
    expect(reply.code, reply.msg).toBe(200);
  }
  const cardIds: Record<string, number> = {};
  for (const [sn, card] of Object.entries(CARDS)) {
    const reply = await h.post<{ patrol_id: number }>(
      '/PatrolCard/SaveInfo',
      { patrol_id: 0, hold_id: holds[card.org], patrol_sn: sn, patrol_name: card.name, location: card.location },
      w.root,
    );
    expect(reply.code, reply.msg).toBe(200);
    cardIds[sn] = reply.data.patrol_id;
  }
  for (const p of PUNCHES) {
    h.clock.set(new Date(shanghai(p.at).getTime() + UPLOAD_DELAY));
    const response = await h.app.inject({
      method: 'POST',
      url: '/proxyserver/api/Terminal/UploadPunches',
      headers: { authorization: `Device ${DEVICE_KEY}` },
      payload: { device_no: p.device, records: [{ patrol_sn: p.card, punch_time: p.at, user_name: p.user }] },
    });
    expect(response.json(), `upload of ${p.at} ${p.card}`).toMatchObject({ code: 200, data: { accepted: 1 } });
  }
  h.clock.set(NOW);
  return { ...w, holds, cardIds };
}
