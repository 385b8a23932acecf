import { describe, expect, it } from 'vitest';
import { generateSlots, readTimeSlots, slotMessages, slotsSummary } from './time-slots.js';

describe('time slots (SHIFTS.md)', () => {
  it('按间隔生成: 22:00 to 06:00, every 120, lasting 60', () => {
    expect(generateSlots('22:00', '06:00', 120, 60)).toEqual([
      { start_time: '22:00', end_time: '23:00' },
      { start_time: '00:00', end_time: '01:00' },
      { start_time: '02:00', end_time: '03:00' },
      { start_time: '04:00', end_time: '05:00' },
    ]);
    expect(generateSlots('08:00', '17:00', 240, 60).map((s) => s.start_time)).toEqual(['08:00', '12:00', '16:00']);
    expect(generateSlots('00:00', '00:00', 10, 10)).toHaveLength(48);
    expect(generateSlots('8点', '17:00', 60, 30)).toEqual([]);
  });

  it('generated slots are accepted, sorted by start', () => {
    const read = readTimeSlots(generateSlots('22:00', '06:00', 120, 60));
    expect(read.ok && read.slots.map((s) => s.start)).toEqual([0, 120, 240, 1320]);
    expect(readTimeSlots(generateSlots('08:00', '10:00', 60, 60))).toEqual({
      ok: false,
      message: slotMessages.overlap,
    });
  });

  it('shows slots compactly in lists', () => {
    expect(slotsSummary([])).toBe('全天');
    expect(slotsSummary([{ start_time: '08:00', end_time: '09:00' }])).toBe('08:00-09:00');
    expect(slotsSummary(generateSlots('08:00', '17:00', 240, 60))).toBe('08:00-09:00 等 3 个时段');
  });
});
