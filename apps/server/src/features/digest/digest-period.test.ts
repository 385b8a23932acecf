import { describe, expect, it } from 'vitest';
import {
  dueSends,
  lastCompletePeriod,
  latestDue,
  nextDue,
  periodBefore,
  type DigestSchedule,
} from './digest-period.js';

/** When a scheduled report is due and what it covers (DIGESTS.md), in Shanghai time (UTC+8). */
const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
const daily: DigestSchedule = { frequency: 'daily', weekday: null, time: '06:00' };
const sundays: DigestSchedule = { frequency: 'weekly', weekday: 7, time: '08:30' };
const monthly: DigestSchedule = { frequency: 'monthly', weekday: null, time: '07:00' };

describe('the period a report covers', () => {
  it('a daily report covers yesterday, across a month and a year end', () => {
    expect(periodBefore('daily', '2026-03-01')).toEqual({ start: '2026-02-28', end: '2026-02-28' });
    expect(periodBefore('daily', '2028-03-01')).toEqual({ start: '2028-02-29', end: '2028-02-29' });
    expect(periodBefore('daily', '2027-01-01')).toEqual({ start: '2026-12-31', end: '2026-12-31' });
  });

  it('a weekly report covers the last Monday to Sunday, even when sent on that Sunday evening', () => {
    // 2026-11-29 is a Sunday: its own week is not over, so the week before is reported.
    expect(periodBefore('weekly', '2026-11-29')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(periodBefore('weekly', '2026-11-30')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodBefore('weekly', '2027-01-01')).toEqual({ start: '2026-12-21', end: '2026-12-27' });
  });

  it('a monthly report covers last month, whatever its length', () => {
    expect(periodBefore('monthly', '2026-03-01')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodBefore('monthly', '2028-03-01')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodBefore('monthly', '2027-01-01')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(periodBefore('monthly', '2026-05-17')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
  });

  it('预览 and 立即发送 use the last complete period at the moment they are asked', () => {
    expect(lastCompletePeriod(daily, TZ, at('2026-11-20 00:30'))).toEqual({ start: '2026-11-19', end: '2026-11-19' });
    // 23:30 on the 19th UTC is already the 20th in Shanghai.
    expect(lastCompletePeriod(daily, TZ, new Date('2026-11-19T23:30:00Z'))).toEqual({
      start: '2026-11-19',
      end: '2026-11-19',
    });
  });
});

describe('when a report is due', () => {
  it('daily at 06:00 local: the latest and next due moments', () => {
    expect(latestDue(daily, TZ, at('2026-11-20 05:59'))).toEqual(at('2026-11-19 06:00'));
    expect(latestDue(daily, TZ, at('2026-11-20 06:00'))).toEqual(at('2026-11-20 06:00'));
    expect(nextDue(daily, TZ, at('2026-11-20 06:00'))).toEqual(at('2026-11-21 06:00'));
  });

  it('weekly on Sunday at 08:30, and monthly on the 1st across month ends', () => {
    expect(latestDue(sundays, TZ, at('2026-11-28 12:00'))).toEqual(at('2026-11-22 08:30'));
    expect(nextDue(sundays, TZ, at('2026-11-28 12:00'))).toEqual(at('2026-11-29 08:30'));
    expect(latestDue(monthly, TZ, at('2026-03-01 06:59'))).toEqual(at('2026-02-01 07:00'));
    expect(nextDue(monthly, TZ, at('2026-01-31 23:00'))).toEqual(at('2026-02-01 07:00'));
    expect(nextDue(monthly, TZ, at('2026-02-01 07:00'))).toEqual(at('2026-03-01 07:00'));
  });

  it('sends the period due now, and nothing twice once it is recorded', () => {
    const since = at('2026-11-01 00:00');
    expect(dueSends(daily, TZ, at('2026-11-20 06:00'), since, '2026-11-18')).toEqual([
      { period: { start: '2026-11-19', end: '2026-11-19' }, due: at('2026-11-20 06:00'), action: 'send' },
    ]);
    expect(dueSends(daily, TZ, at('2026-11-20 09:00'), since, '2026-11-19')).toEqual([]);
  });

  it('a server down across the due moment sends on its return within 24 h', () => {
    // Down from 05:00 to 23:59 the same day: still today's report, sent late.
    const sends = dueSends(daily, TZ, at('2026-11-20 23:59'), at('2026-11-01 00:00'), '2026-11-18');
    expect(sends).toEqual([
      { period: { start: '2026-11-19', end: '2026-11-19' }, due: at('2026-11-20 06:00'), action: 'send' },
    ]);
  });

  it('a period missed by more than 24 h is recorded as skipped; the current one is still sent', () => {
    // Down from 11-19 05:00 to 11-21 07:00: the 11-19 and 11-20 sends are over 24 h late, the 11-21 one is not.
    const sends = dueSends(daily, TZ, at('2026-11-21 07:00'), at('2026-11-01 00:00'), '2026-11-17');
    expect(sends.map((s) => [s.period.start, s.action])).toEqual([
      ['2026-11-18', 'skip'],
      ['2026-11-19', 'skip'],
      ['2026-11-20', 'send'],
    ]);
    // Exactly 24 h late is still sent; a minute more is skipped.
    expect(dueSends(daily, TZ, at('2026-11-21 06:00'), at('2026-11-20 00:00'), null)[0]?.action).toBe('send');
    expect(dueSends(daily, TZ, at('2026-11-21 06:01'), at('2026-11-20 00:00'), null)[0]?.action).toBe('skip');
  });

  it('nothing is due for a time before the subscription existed', () => {
    // Made at 10:00, after today's 06:00: the first report is tomorrow's.
    expect(dueSends(daily, TZ, at('2026-11-20 10:00'), at('2026-11-20 10:00'), null)).toEqual([]);
    expect(dueSends(monthly, TZ, at('2026-11-20 10:00'), at('2026-11-02 00:00'), null)).toEqual([]);
  });
});
