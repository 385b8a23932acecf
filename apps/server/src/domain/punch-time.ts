import { zonedInstant } from './zoned-time.js';

const LOCAL = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A terminal's punch time: local `YYYY-MM-DD HH:mm[:ss]` in the deployment zone, or ISO 8601 with an offset.
 * Null when it is neither, or names a day that does not exist.
 */
export function parsePunchTime(text: string, tz: string): Date | null {
  const value = text.trim();
  const local = LOCAL.exec(value);
  if (local) {
    const [, date, hours, minutes, seconds] = local;
    const h = Number(hours);
    const m = Number(minutes);
    const s = Number(seconds ?? 0);
    if (h > 23 || m > 59 || s > 59) return null;
    const check = new Date(`${date}T00:00:00Z`);
    if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date) return null;
    return new Date(zonedInstant(date!, h * 60 + m, tz).getTime() + s * 1000);
  }
  if (WITH_OFFSET.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return null;
}
