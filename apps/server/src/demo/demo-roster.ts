import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { localDate } from '../domain/time.js';
import { addDays } from '../domain/zoned-time.js';
import type { Scope } from '../features/scope.js';
import { copyRoster, saveRoster } from '../features/shift/roster.service.js';
import { saveShift } from '../features/shift/shift.service.js';
import type { DemoHoldIds } from './demo-holds.js';

/** The guards of 滨江花园保安部 rotate: 白班, 夜班, then a day off, each a day after the other. */
const ROTA = ['zhangwei', 'wangqiang', 'lijun'] as const;
/** Days of roster before today, and after it. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 7;

/**
 * 排班表 of the demo (SHIFTS.md): 华安物业's 白班 and 夜班, a month of 滨江花园保安部's rota through the roster's own
 * services (a week saved, then copied onward week by week), and the guards' 上岗/下岗 of the shifts gone by — all on
 * time but one late and one absent, so 排班表 shows each kind.
 */
export async function fillDemoRoster(ctx: AppContext, scope: Scope, ids: DemoHoldIds): Promise<void> {
  const enterprise = ids.holds.get('华安物业')!;
  const department = ids.holds.get('滨江花园保安部')!;
  const day = await saveShift(ctx, scope, {
    shift_id: 0,
    holdId: enterprise,
    shift_name: '白班',
    start_time: '08:00',
    end_time: '20:00',
    grace_minutes: 10,
    color: '#1677FF',
  });
  const night = await saveShift(ctx, scope, {
    shift_id: 0,
    holdId: enterprise,
    shift_name: '夜班',
    start_time: '20:00',
    end_time: '08:00',
    grace_minutes: 10,
    color: '#722ED1',
  });
  const today = localDate(ctx.now(), ctx.config.tzName);
  const first = addDays(today, -PAST_DAYS);
  const week: { user_id: number; date: string; shift_id: number }[] = [];
  for (let d = 0; d < 7; d++) {
    ROTA.forEach((user, i) => {
      const turn = (d + i) % 3;
      week.push({
        user_id: ids.accounts.get(user)!,
        date: addDays(first, d),
        shift_id: turn === 0 ? day.shift_id : turn === 1 ? night.shift_id : 0,
      });
    });
  }
  await saveRoster(ctx, scope, { holdId: department, cells: week });
  for (let start = addDays(first, 7); start <= addDays(today, AHEAD_DAYS); start = addDays(start, 7)) {
    await copyRoster(ctx, scope, {
      holdId: department,
      from_start: addDays(start, -7),
      from_end: addDays(start, -1),
      to_start: start,
    });
  }
  // The guards came to every shift that has begun, a few minutes early — but yesterday's 白班 came 25 minutes late
  // and the day before's 夜班 never came.
  const late = addDays(today, -1);
  const absent = addDays(today, -2);
  await ctx.db.execute(sql`
    update roster_duty d set
      on_duty_time = case
        when d.duty_date = ${late}::date and d.shift_id = ${day.shift_id} then d.window_start + interval '25 minutes'
        else d.window_start - make_interval(mins => 3 + (d.user_id % 5)) end,
      off_duty_time = case when d.window_end <= ${ctx.now()} then d.window_end + make_interval(mins => d.user_id % 7) end
    where d.window_start <= ${ctx.now()} and d.shift_id in (${day.shift_id}, ${night.shift_id})
      and not (d.duty_date = ${absent}::date and d.shift_id = ${night.shift_id})`);
}
