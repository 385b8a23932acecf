import { shiftMessages, type DutyAnswer, type dutyInput } from '@guard-tour/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { rosterDuty } from '../../db/schema.js';
import { localDate } from '../../domain/time.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import { conflict } from '../../errors.js';
import type { Scope } from '../scope.js';
import { boundPhone } from '../guard-app/app-device.service.js';
import { attendanceOf, cellForTap } from './attendance.js';
import * as repo from './shift.repository.js';

/** The tap's instant: the phone's local time, never later than the server's clock. */
function tapInstant(text: string, now: Date, tz: string): Date {
  const [date, clock] = text.split(' ') as [string, string];
  const [h, m, s] = clock.split(':').map(Number) as [number, number, number?];
  const at = new Date(zonedInstant(date, h * 60 + m, tz).getTime() + (s ?? 0) * 1000);
  return at > now ? now : at;
}

/**
 * 上岗 / 下岗 (SHIFTS.md): from the guard app's bound phone, for the caller's roster cell the tap belongs to (that
 * day's or an overnight one of the day before); none → 409 今天没有排班. The first 上岗 counts; the last 下岗 counts.
 */
export async function tapDuty(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof dutyInput>,
  kind: 'on' | 'off',
): Promise<DutyAnswer> {
  await boundPhone(ctx, scope, input.device_no);
  const now = ctx.now();
  const tz = ctx.config.tzName;
  const at = tapInstant(input.time, now, tz);
  const today = localDate(at, tz);
  const cells = await repo.dutiesOf(ctx.db, [scope.caller.userId], addDays(today, -1), today);
  const cell = cellForTap(cells, at);
  if (!cell) throw conflict(shiftMessages.notOnDuty);
  const [shiftRow] = await repo.shiftsByIds(ctx.db, [cell.shift_id]);
  const lat = input.lat ?? null;
  const lng = input.lng ?? null;
  const [stored] = await ctx.db
    .update(rosterDuty)
    .set(
      kind === 'on'
        ? { on_duty_time: sql`coalesce(${rosterDuty.on_duty_time}, ${at})`, on_lat: lat, on_lng: lng }
        : { off_duty_time: at, off_lat: lat, off_lng: lng },
    )
    .where(sql`${rosterDuty.user_id} = ${cell.user_id} and ${rosterDuty.duty_date} = ${cell.duty_date}`)
    .returning({ on_duty_time: rosterDuty.on_duty_time });
  const onDutyTime = stored?.on_duty_time ?? null;
  const attendance = attendanceOf({ ...cell, on_duty_time: onDutyTime }, now);
  return { shift_id: cell.shift_id, shift_name: shiftRow?.shift_name ?? '', attendance };
}
