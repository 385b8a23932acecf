import { Tag } from 'antd';
import { shown } from './cells';
import { weekdayColor, weekdayName } from './weekday';

/** A punch's weekday (星期) as a tag coloured per weekday; a dash when the row names none. */
export function WeekdayTag({ weekday }: { weekday: string | number | null | undefined }) {
  const name = weekdayName(weekday);
  if (!name) return <>{shown(weekday)}</>;
  return (
    <Tag color={weekdayColor(name)} style={{ marginInlineEnd: 0 }}>
      {name}
    </Tag>
  );
}
