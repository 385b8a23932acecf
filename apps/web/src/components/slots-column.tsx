import { slotsSummary, type TimeSlot } from '@guard-tour/contract';
import { Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';

/** A slot as the lists show it; one crossing midnight ends 次日. */
export function slotText(slot: TimeSlot): string {
  const crosses = slot.end_time < slot.start_time;
  return `${slot.start_time}-${crosses ? '次日 ' : ''}${slot.end_time}`;
}

/**
 * 巡检时段 of a road or task list: compact (`08:00-09:00 等 3 个时段`, 全天 for none), every slot in a tooltip,
 * a 跨夜 tag when the last one crosses midnight.
 */
export function slotsColumn<
  T extends { time_slots?: TimeSlot[]; start_time: string; end_time: string },
>(): ColumnType<T> {
  return {
    title: '巡检时段',
    key: 'time_slots',
    width: 130,
    render: (_: unknown, row: T) => {
      const slots = row.time_slots ?? (row.start_time || row.end_time ? [row] : []);
      const last = slots.at(-1);
      const overnight = last !== undefined && last.end_time < last.start_time;
      const first = slots[0];
      const nowrap = { whiteSpace: 'nowrap' } as const;
      return (
        <Tooltip title={slots.length > 1 ? slots.map(slotText).join('，') : undefined}>
          <span>
            {first ? <span style={nowrap}>{slotText(first)}</span> : slotsSummary(slots)}
            {slots.length > 1 && <span style={nowrap}> 等 {slots.length} 个时段</span>}
            {overnight && slots.length > 1 && (
              <Tag color="purple" style={{ marginInlineStart: 4 }}>
                跨夜
              </Tag>
            )}
          </span>
        </Tooltip>
      );
    },
  };
}
