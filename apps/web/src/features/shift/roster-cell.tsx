import { ATTENDANCE_TEXT, Attendance, type RosterCell, type ShiftRow } from '@guard-tour/contract';
import { Tooltip } from 'antd';

const ATTENDANCE_COLOR: Record<number, string> = {
  [Attendance.onTime]: '#52c41a',
  [Attendance.late]: '#faad14',
  [Attendance.absent]: '#ff4d4f',
};

interface RosterCellViewProps {
  cell: RosterCell;
  shift: ShiftRow | undefined;
  selected: boolean;
  onClick: (event: React.MouseEvent) => void;
  /** A press starts a drag over the grid; entering a cell while pressed stretches it. */
  onMouseDown: (event: React.MouseEvent) => void;
  onMouseEnter: () => void;
}

/** One day of one account: the shift's name on its colour, and once it happened 正常 / 迟到 / 缺勤 below it. */
export function RosterCellView({ cell, shift, selected, onClick, onMouseDown, onMouseEnter }: RosterCellViewProps) {
  const attendance = ATTENDANCE_TEXT[cell.attendance as Attendance] ?? '';
  const tip = [
    shift ? `${shift.shift_name} ${shift.start_time}-${shift.end_time}` : '休息',
    cell.on_duty_time && `上岗 ${cell.on_duty_time.slice(11, 16)}`,
    cell.off_duty_time && `下岗 ${cell.off_duty_time.slice(11, 16)}`,
    attendance,
  ]
    .filter(Boolean)
    .join('，');
  return (
    <Tooltip title={tip} mouseEnterDelay={0.4}>
      <button
        type="button"
        aria-label={`${cell.date} ${tip}`}
        aria-pressed={selected}
        onClick={onClick}
        onMouseDown={onMouseDown}
        onMouseEnter={onMouseEnter}
        style={{
          width: '100%',
          minHeight: 40,
          padding: 2,
          border: selected ? '2px solid #1677ff' : '1px solid #f0f0f0',
          borderRadius: 4,
          background: shift ? `${shift.color}22` : '#fff',
          cursor: 'pointer',
          fontSize: 12,
          lineHeight: '16px',
          // A drag selects cells, not their text.
          userSelect: 'none',
        }}
      >
        <div style={{ color: shift?.color ?? '#bfbfbf', fontWeight: 600 }}>{shift?.shift_name ?? '休'}</div>
        {attendance && <div style={{ color: ATTENDANCE_COLOR[cell.attendance] }}>{attendance}</div>}
      </button>
    </Tooltip>
  );
}
