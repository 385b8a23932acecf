import {
  AlertKind,
  DEFAULT_CHECKIN_GRACE,
  DEFAULT_CHECKIN_MINUTES,
  type CheckInAnswer,
  type CheckInPlan,
  type checkInInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { missedIntervals, nextDue } from '../../domain/check-in.js';
import { localDate, localTimeText } from '../../domain/time.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import type { Scope } from '../scope.js';
import { raiseAlerts, type NewAlert } from '../alert/alert.service.js';
import { boundPhone } from '../guard-app/app-device.service.js';
import * as repo from './safety.repository.js';
import { phoneTime } from './sos.service.js';

/** The caller's enterprise's 报平安 setting, as the app prompts it. */
export async function checkInPlan(ctx: AppContext, scope: Scope): Promise<CheckInPlan> {
  const tz = ctx.config.tzName;
  const [row, dutyStart] = await Promise.all([
    repo.checkInSetting(ctx.db, scope.caller.holdId),
    repo.rosterDutyStart(ctx.db, scope.caller.userId, localDate(ctx.now(), tz)),
  ]);
  return {
    enabled: row.enabled,
    minutes: row.minutes ?? DEFAULT_CHECKIN_MINUTES,
    grace: row.grace ?? DEFAULT_CHECKIN_GRACE,
    duty_start: dutyStart ? localTimeText(dutyStart, tz) : '',
  };
}

/**
 * `Terminal/CheckIn` (我很安全): from the session's own phone; kept with its position; the account's open 未报平安
 * are closed by it (已处理 by 系统, 已补报平安). Answers when the next one is due ('' when check-ins are off).
 */
export async function checkIn(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof checkInInput>,
): Promise<CheckInAnswer> {
  const terminal = await boundPhone(ctx, scope, input.device_no);
  const at = phoneTime(ctx, input.time);
  const now = ctx.now();
  const plan = await checkInPlan(ctx, scope);
  await ctx.db.transaction(async (tx) => {
    await repo.insertCheckIn(tx, {
      user_id: scope.caller.userId,
      hold_id: scope.caller.holdId,
      device_no: terminal.device_no,
      checkin_time: at,
      upload_time: now,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      accuracy: input.accuracy ?? null,
    });
    await repo.closeMissedCheckIns(tx, scope.caller.userId, now);
  });
  return {
    next_due: plan.enabled ? localTimeText(new Date(nextDue(at.getTime(), plan.minutes)), ctx.config.tzName) : '',
  };
}

const HH_MM = (at: Date, tz: string) => localTimeText(at, tz).slice(11, 16);

/**
 * 未报平安: the intervals missed by the accounts on duty yesterday and today (first-to-last-punch rule, see
 * domain/check-in.ts), each raised once (a unique subject per account and due), whichever server sees it first.
 */
export async function raiseMissedCheckIns(ctx: AppContext): Promise<number[]> {
  const now = ctx.now();
  const tz = ctx.config.tzName;
  const today = localDate(now, tz);
  const alerts: NewAlert[] = [];
  for (const day of [addDays(today, -1), today]) {
    const from = zonedInstant(day, 0, tz);
    const to = zonedInstant(addDays(day, 1), 0, tz);
    const [byPunches, byRoster] = await Promise.all([
      repo.accountsOnDuty(ctx.db, tz, day, from, to),
      repo.accountsOnRoster(ctx.db, tz, day),
    ]);
    // The roster's duty where it applies (SHIFTS.md), else the day's first to last punch (domain/check-in.ts).
    const onDuty = [
      ...byPunches.map((a) => ({ ...a, start: a.first_punch, end: a.last_punch })),
      ...byRoster.map((a) => ({ ...a, start: a.duty_start, end: a.duty_end })),
    ];
    if (onDuty.length === 0) continue;
    const checkIns = await repo.checkInsSince(
      ctx.db,
      onDuty.map((a) => a.user_id),
      new Date(Math.min(from.getTime(), ...onDuty.map((a) => new Date(a.start).getTime()))),
    );
    for (const account of onDuty) {
      const mine = checkIns.filter((c) => c.user_id === account.user_id);
      const minutes = account.minutes ?? DEFAULT_CHECKIN_MINUTES;
      const grace = account.grace ?? DEFAULT_CHECKIN_GRACE;
      const missed = missedIntervals(
        {
          firstPunch: new Date(account.start).getTime(),
          lastPunch: new Date(account.end).getTime(),
          checkIns: mine.map((c) => new Date(c.checkin_time).getTime()),
          minutes,
          grace,
        },
        now.getTime(),
      );
      const seen = [...mine].reverse().find((c) => c.lat !== null && c.lng !== null);
      for (const due of missed) {
        alerts.push({
          kind: AlertKind.checkIn,
          subject: `checkin:${account.user_id}:${due / 1000}`,
          hold_id: account.hold_id,
          user_id: account.user_id,
          lat: seen ? Number(seen.lat) : null,
          lng: seen ? Number(seen.lng) : null,
          detail:
            `${account.name} 应于 ${HH_MM(new Date(due), tz)} 报平安（每 ${minutes} 分钟，宽限 ${grace} 分钟），未报；` +
            `最后打卡：${account.last_point || '—'} ${account.last_text ?? ''}`.trimEnd(),
        });
      }
    }
  }
  if (alerts.length === 0) return [];
  return ctx.db.transaction((tx) => raiseAlerts(tx, alerts, now));
}
