/** Weekday names as the console shows them: Sunday is day 0 of Date#getDay. */
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

export function weekdayText(date: Date): string {
  return WEEKDAYS[date.getDay()] ?? '';
}

/** 您好，张三，今天是 2026年11月22日 星期日 */
export function greetingText(name: string, date: Date): string {
  const day = `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
  return `您好，${name}，今天是 ${day} ${weekdayText(date)}`;
}

/**
 * The day to greet: the server's today (`YYYY-MM-DD` in the deployment time zone) once the figures have come,
 * so a browser in another zone greets the same day the figures count; the browser's own clock until then.
 */
export function greetingDay(serverToday: string | undefined, clock: Date): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(serverToday ?? '');
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : clock;
}
