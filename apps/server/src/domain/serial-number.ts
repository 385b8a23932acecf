import { SERIAL_NUMBER_PATTERN } from '@guard-tour/contract';

export type SerialNumber = { ok: true; value: string } | { ok: false; reason: 'empty' | 'malformed' };

/**
 * The one rule for device numbers (IMEI/SN) and card numbers (API.md): trimmed, 1–32 letters, digits, '-'
 * and '_', kept in upper case so that equal numbers compare equal whatever case they were typed in.
 */
export function parseSerialNumber(raw: string): SerialNumber {
  const value = raw.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  if (!SERIAL_NUMBER_PATTERN.test(value)) return { ok: false, reason: 'malformed' };
  return { ok: true, value: value.toUpperCase() };
}

/** A number as it may appear in a message: at most 40 characters of what was sent. */
export function quoteNumber(raw: string): string {
  const value = raw.trim();
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
