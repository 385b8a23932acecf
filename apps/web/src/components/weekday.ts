import { WEEKDAY_NAMES, type WeekdayName } from '@guard-tour/contract';

/** Each weekday its own antd preset colour, so a week of punches reads at a glance; the weekend warm. */
export const WEEKDAY_COLORS: Readonly<Record<WeekdayName, string>> = {
  周一: 'blue',
  周二: 'cyan',
  周三: 'green',
  周四: 'geekblue',
  周五: 'purple',
  周六: 'orange',
  周日: 'red',
};

/** 周一…周日 from the server's text ('周三', '星期三', '周天', 3); null when it names no weekday. */
export function weekdayName(value: string | number | null | undefined): WeekdayName | null {
  const text = String(value ?? '').trim();
  if (text === '') return null;
  if (/^[1-7]$/.test(text)) return WEEKDAY_NAMES[Number(text) - 1] ?? null;
  const name = text.replace(/^星期/, '周').replace(/^周天$/, '周日');
  return WEEKDAY_NAMES.find((weekday) => weekday === name) ?? null;
}

/** The tag colour of a weekday; antd's grey for text that is no weekday. */
export function weekdayColor(value: string | number | null | undefined): string {
  const name = weekdayName(value);
  return name ? WEEKDAY_COLORS[name] : 'default';
}
