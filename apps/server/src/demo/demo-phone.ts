import { APP_DEVICE_PREFIX, PHONE_OBJECT_TYPE, appPunchRecord } from '@guard-tour/contract';
import type { AppContext } from '../context.js';
import type { Scope } from '../features/scope.js';
import { localDate } from '../domain/time.js';
import { addDays, zonedInstant } from '../domain/zoned-time.js';
import { saveDevice } from '../features/device/device.service.js';
import { readRecords, storeBatch, terminalByNo } from '../features/punch/punch-upload.service.js';
import { demoPlace, offsetOf, type DemoAssets } from './demo-assets.js';
import type { DemoHoldIds } from './demo-holds.js';
import { terminalTime } from './punch-walk.js';

/** 张伟's phone with 巡检助手 (GUARD-APP.md): a 手机 terminal of 滨江花园保安部, as `Terminal/RegisterApp` makes one. */
export const DEMO_PHONE = `${APP_DEVICE_PREFIX}DEMOPHONEZHANGWEI01`;
const DEPARTMENT = '滨江花园保安部';
const GUARD = 'zhangwei';

/**
 * Yesterday's 早班全区巡逻 walked with the phone (SAFETY.md, where a punch was made): the points of the road (by
 * their place in the department's list) and where the phone was — metres north and east of the point with the
 * browser's accuracy, or no position at all (the browser refused or was slow: 无定位). 3号楼消防通道 was "punched"
 * from 150 m away (a photographed label scanned from the guard room): farther than its 30 m radius and 10 m
 * accuracy, it is 位置异常 and raises its alert; every other punch lies within its radius plus accuracy.
 */
const WALK: { point: number; minute: number; at: { north: number; east: number; accuracy: number } | null }[] = [
  { point: 0, minute: 5, at: { north: 6, east: -3, accuracy: 8 } },
  { point: 2, minute: 12, at: { north: 12, east: 5, accuracy: 15 } },
  { point: 3, minute: 18, at: { north: -9, east: 4, accuracy: 12 } },
  { point: 4, minute: 25, at: { north: -120, east: -90, accuracy: 10 } },
  { point: 6, minute: 33, at: null },
  { point: 7, minute: 40, at: { north: 14, east: -11, accuracy: 6 } },
  { point: 8, minute: 47, at: { north: -20, east: 15, accuracy: 20 } },
  { point: 24, minute: 56, at: { north: 3, east: 2, accuracy: 5 } },
];

/**
 * The demo's guard app punches: 张伟's phone registered as a terminal of his department, and yesterday's morning
 * round walked with it from 09:00, each punch with the phone's position, stored by the phone upload's own path
 * (`readRecords` with the app's record, `storeBatch`: distance, 位置异常 and its alert as `Terminal/AppPunches`).
 */
export async function fillDemoPhone(
  ctx: AppContext,
  scope: Scope,
  ids: DemoHoldIds,
  assets: DemoAssets,
): Promise<number> {
  const holdId = ids.holds.get(DEPARTMENT)!;
  await saveDevice(ctx, scope, {
    object_id: 0,
    holdId,
    device_no: DEMO_PHONE,
    object_type: PHONE_OBJECT_TYPE,
    object_name: '张伟的手机',
    IMEI: DEMO_PHONE,
    SIM: '',
    ICCID: '',
    remark: '巡检助手登记',
  });
  const terminal = await terminalByNo(ctx, DEMO_PHONE);
  if (!terminal) throw new Error('演示手机未登记');
  const tz = ctx.config.tzName;
  const now = ctx.now();
  const start = zonedInstant(addDays(localDate(now, tz), -1), 9 * 60, tz);
  const cards = assets.cards.get(DEPARTMENT) ?? [];
  const records = WALK.map(({ point, minute, at }) => {
    const place = demoPlace(DEPARTMENT, point)!;
    const phone = at ? { ...offsetOf(place, at.north, at.east), accuracy: at.accuracy } : {};
    return {
      patrol_sn: cards[point]!,
      punch_time: terminalTime(new Date(start.getTime() + minute * 60_000), tz),
      ...phone,
    };
  });
  const read = readRecords(records, tz, now, appPunchRecord);
  if (read.rejected.length > 0) throw new Error(`演示手机打卡不正确：${read.rejected[0]!.reason}`);
  const stored = await storeBatch(ctx, terminal, {
    valid: read.valid.map((p) => ({ ...p, userName: GUARD })),
    rejected: [],
    now,
  });
  return stored.accepted;
}
