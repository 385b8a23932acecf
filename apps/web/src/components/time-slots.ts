import { readTimeSlots, type TimeSlot } from '@guard-tour/contract';
import type { Rule } from 'antd/es/form';

/** The slot list's rule: the server's refusals, in its words (时段不能重叠 …), or null. */
export function slotsError(slots: readonly TimeSlot[] | undefined): string | null {
  const read = readTimeSlots(slots ?? []);
  return read.ok ? null : read.message;
}

/** The slot list as a Form.Item rule. */
export const slotsRule: Rule = {
  validator: (_, slots: TimeSlot[] | undefined) => {
    const problem = slotsError(slots);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

/** A window as slots (a server that sends no slots): one, or none for the whole day. */
export function slotsOfWindow(start: string, end: string): TimeSlot[] {
  if (!start && !end) return [];
  return [{ start_time: start || '00:00', end_time: end || '23:59' }];
}

/** What the slot field explains under itself. */
export const SLOTS_EXTRA = '每个时段一轮巡检；时段至少10分钟、互不重叠，只有最后一个可跨过零点；不设时段则全天';
