import { TIME_RANGE_TEXT, type TimeRangeCode } from '@guard-tour/contract';

/** The record screens' periods (DOMAIN.md, Time): 1 本周, 2 上周, 3 本月, 4 上月; weeks start on Monday. */
export const PERIODS: readonly TimeRangeCode[] = [1, 2, 3, 4];

/** Spec section 4: period tags default to 1 (本周). */
export const DEFAULT_PERIOD: TimeRangeCode = 1;

export const PERIOD_OPTIONS = PERIODS.map((value) => ({ value, label: TIME_RANGE_TEXT[value] }));

/** A period code from a filter value (number or text); anything else is the default. */
export function periodOf(value: unknown): TimeRangeCode {
  const code = Number(value);
  return PERIODS.find((period) => period === code) ?? DEFAULT_PERIOD;
}

export function periodText(value: unknown): string {
  return TIME_RANGE_TEXT[periodOf(value)];
}
