import { MAX_GRACE_MINUTES, reportMessages } from '@guard-tour/contract';

/**
 * A road's or task's grace (ACCOUNTABILITY.md, Tolerance): 0–120 whole minutes, 0 by default. The contract reads an
 * absent `grace_minutes` as 0, so forms keep 0 as "not set" (undefined) and save bodies leave it out.
 */
/** The field's label; its box says 分钟 after the number (宽限时间(分钟) would not fit the forms' label column). */
export const GRACE_LABEL = '宽限时间';
export const GRACE_MESSAGE = reportMessages.badGrace;

/** The form's own check: empty is 0 and fine; anything else must be a whole number of minutes from 0 to 120. */
export function graceError(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const minutes = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_GRACE_MINUTES ? null : GRACE_MESSAGE;
}

/** A grace as a form or a save body carries it: its minutes, or undefined for none (0, empty). */
export function graceValue(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : undefined;
}

/** A form's first values with the grace box showing 0 when the object has none. */
export function withGrace<V extends { grace_minutes?: number | null }>(values: V): V {
  return { ...values, grace_minutes: values.grace_minutes ?? 0 };
}

/** A list's 宽限 cell: "10分钟", or 无 for none (a known 0, unlike '—' for something missing). */
export function graceText(value: number | null | undefined): string {
  const minutes = graceValue(value);
  return minutes === undefined ? '无' : `${minutes}分钟`;
}
