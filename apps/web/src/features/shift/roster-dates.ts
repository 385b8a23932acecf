/** Date arithmetic of 排班表 on `YYYY-MM-DD` text (UTC calendar days; no time zone involved). */

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 复制上周: last week (Monday to Sunday) onto the week holding `today`. */
export function lastWeekCopy(today: string) {
  const monday = addDays(today, 1 - weekdayOf(today));
  return { from_start: addDays(monday, -7), from_end: addDays(monday, -1), to_start: monday };
}

/** 复制上月: the month before `month` onto `month`, day by day (as many days as both have). */
export function lastMonthCopy(month: string) {
  const previous = shiftMonth(month, -1);
  const days = Math.min(daysInMonth(previous), daysInMonth(month));
  return {
    from_start: `${previous}-01`,
    from_end: `${previous}-${String(days).padStart(2, '0')}`,
    to_start: `${month}-01`,
  };
}

const WEEKDAY_TEXT = ['', '一', '二', '三', '四', '五', '六', '日'];
export function weekdayText(date: string): string {
  return WEEKDAY_TEXT[weekdayOf(date)] ?? '';
}
