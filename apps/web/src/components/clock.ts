/** Clock times of road and task windows, 'HH:mm' (pure; the pickers and the form rules share it). */

const CLOCK = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/** 'HH:mm' → minutes after midnight; '' → null; anything else → undefined. */
export function toMinutes(text: string | null | undefined): number | null | undefined {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const match = CLOCK.exec(value);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours > 23 || minutes > 59 ? undefined : hours * 60 + minutes;
}

export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** What a time picker offers: from the earliest to the latest time, in steps of some minutes. */
export interface ClockRange {
  earliest: string;
  latest: string;
  minuteStep: 1 | 5 | 10 | 15 | 30;
}

export const WHOLE_DAY: ClockRange = { earliest: '00:00', latest: '23:59', minuteStep: 1 };

/** The picker's disabled hours and minutes: everything outside the range (antd's disabledTime). */
export function disabledClock(range: ClockRange) {
  const first = toMinutes(range.earliest) ?? 0;
  const last = toMinutes(range.latest) ?? 23 * 60 + 59;
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  const minutes = Array.from({ length: 60 }, (_, minute) => minute);
  return {
    disabledHours: () => hours.filter((hour) => hour * 60 + 59 < first || hour * 60 > last),
    disabledMinutes: (hour: number) =>
      minutes.filter((minute) => hour * 60 + minute < first || hour * 60 + minute > last),
  };
}

/** A time the picker could offer: inside the range and on its step. */
export function isOnClock(text: string, range: ClockRange): boolean {
  const value = toMinutes(text);
  if (value === null || value === undefined) return false;
  const first = toMinutes(range.earliest) ?? 0;
  const last = toMinutes(range.latest) ?? 23 * 60 + 59;
  return value >= first && value <= last && (value % 60) % range.minuteStep === 0;
}

/** Every time the picker offers, in order (for tests and hints). */
export function clockChoices(range: ClockRange): string[] {
  const first = toMinutes(range.earliest) ?? 0;
  const last = toMinutes(range.latest) ?? 23 * 60 + 59;
  const all: string[] = [];
  for (let minute = first; minute <= last; minute += 1) {
    if ((minute % 60) % range.minuteStep === 0) all.push(clockText(minute));
  }
  return all;
}

/** True when the window ends before it starts (a task's window then crosses midnight: 跨夜). */
export function endsBeforeStart(start: string, end: string): boolean {
  const from = toMinutes(start);
  const to = toMinutes(end);
  return typeof from === 'number' && typeof to === 'number' && to < from;
}
