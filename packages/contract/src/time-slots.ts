import { z } from 'zod';

/**
 * Several windows a day (SHIFTS.md, 时段): a road (detail variant) or task walked in 1–48 slots, each HH:mm–HH:mm,
 * at least 10 minutes, none overlapping, in start order; only the last may cross midnight (it ends the next day and
 * belongs to the day it starts). A slot's end minute is part of it (as a window's is, DOMAIN.md), so 08:00-09:00 and
 * 09:00-10:00 share 09:00 and overlap. The server refuses bad slots with these messages and the console checks its
 * form with the same function.
 */
export const slotMessages = {
  overlap: '时段不能重叠',
  tooShort: '每个时段至少10分钟',
  tooMany: '最多48个时段',
  crossNotLast: '只有最后一个时段可以跨过零点',
  badClock: '时段时间格式应为 HH:mm',
  badList: '时段格式不正确',
} as const;

export const MAX_SLOTS = 48;
export const MIN_SLOT_MINUTES = 10;
const DAY_MINUTES = 24 * 60;

/** A slot as the wire has it. */
export const timeSlot = z.object({
  start_time: z.string({ error: slotMessages.badClock }).trim().max(8, slotMessages.badClock),
  end_time: z.string({ error: slotMessages.badClock }).trim().max(8, slotMessages.badClock),
});
export type TimeSlot = z.infer<typeof timeSlot>;

/** `time_slots` of a save: optional (absent keeps the old meaning of `start_time`/`end_time`); `[]` the whole day. */
export const timeSlotsInput = z
  .array(timeSlot, { error: slotMessages.badList })
  .max(1000, slotMessages.tooMany)
  .nullish()
  .transform((v) => v ?? undefined);

/** A slot in minutes after midnight; `end` (that minute included) below `start` when it crosses midnight. */
export interface SlotMinutes {
  start: number;
  end: number;
}

/** `HH:mm` (or `HH:mm:ss`) as minutes after midnight, or undefined when malformed. */
export function clockMinutes(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return hours * 60 + minutes;
}

/** Minutes as `HH:mm`. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** How long a slot lasts in minutes (end − start, over midnight when it crosses). */
export function slotLength(slot: SlotMinutes): number {
  return slot.end >= slot.start ? slot.end - slot.start : slot.end + DAY_MINUTES - slot.start;
}

export type SlotsReading = { ok: true; slots: SlotMinutes[] } | { ok: false; message: string };

/**
 * Reads and checks slots: times well formed, at most 48, each at least 10 minutes, sorted by start, only the last
 * crossing midnight, none overlapping (a crossing last slot must also end before the next day's first starts).
 * `[]` is the whole day.
 */
export function readTimeSlots(slots: readonly TimeSlot[]): SlotsReading {
  const read: SlotMinutes[] = [];
  for (const slot of slots) {
    const start = clockMinutes(slot.start_time);
    const end = clockMinutes(slot.end_time);
    if (start === undefined || end === undefined) return { ok: false, message: slotMessages.badClock };
    read.push({ start, end });
  }
  if (read.length > MAX_SLOTS) return { ok: false, message: slotMessages.tooMany };
  if (read.some((slot) => slotLength(slot) < MIN_SLOT_MINUTES)) return { ok: false, message: slotMessages.tooShort };
  read.sort((a, b) => a.start - b.start || a.end - b.end);
  const crossing = read.findIndex((slot) => slot.end < slot.start);
  if (crossing !== -1 && crossing !== read.length - 1) return { ok: false, message: slotMessages.crossNotLast };
  for (let i = 1; i < read.length; i++) {
    if (read[i]!.start <= read[i - 1]!.end || read[i]!.start === read[i - 1]!.start) {
      return { ok: false, message: slotMessages.overlap };
    }
  }
  const last = read[read.length - 1];
  if (last && crossing !== -1 && last.end >= read[0]!.start) return { ok: false, message: slotMessages.overlap };
  return { ok: true, slots: read };
}

/** Slots as the wire carries them. */
export function slotsToWire(slots: readonly SlotMinutes[]): TimeSlot[] {
  return slots.map((slot) => ({ start_time: clockText(slot.start), end_time: clockText(slot.end) }));
}

/** The compact text of the lists: `08:00-09:00`, `08:00-09:00 等 3 个时段`, or `全天` for none. */
export function slotsSummary(slots: readonly TimeSlot[]): string {
  const first = slots[0];
  if (!first) return '全天';
  const text = `${first.start_time}-${first.end_time}`;
  return slots.length === 1 ? text : `${text} 等 ${slots.length} 个时段`;
}

/**
 * 按间隔生成: from `from` to `to` (HH:mm; `to` at or before `from` runs over midnight), a slot every `every`
 * minutes, each lasting `lasting` minutes; slots start before `to`. 22:00 to 06:00, every 120, lasting 60 →
 * 22:00–23:00, 00:00–01:00, 02:00–03:00, 04:00–05:00. At most 48.
 */
export function generateSlots(from: string, to: string, every: number, lasting: number): TimeSlot[] {
  const start = clockMinutes(from);
  const stop = clockMinutes(to);
  if (start === undefined || stop === undefined || !(every > 0) || !(lasting > 0)) return [];
  const span = stop > start ? stop - start : stop + DAY_MINUTES - start;
  const slots: TimeSlot[] = [];
  for (let offset = 0; offset < span && slots.length < MAX_SLOTS; offset += every) {
    const begin = (start + offset) % DAY_MINUTES;
    slots.push({ start_time: clockText(begin), end_time: clockText((begin + lasting) % DAY_MINUTES) });
  }
  return slots;
}
