import { NO_POSITION_TEXT, type PunchRow } from '@guard-tour/contract';
import { Typography } from 'antd';
import { mapLink } from './map-link';

/**
 * Where a punch was made (SAFETY.md): its distance from the point (a link that opens the position in a map site),
 * 有定位 when the point has no position, or 无定位 when the phone gave none (a reader never does).
 */
export function PunchPlace({ row }: { row: Pick<PunchRow, 'lat' | 'lng' | 'distance_m' | 'patrol_name'> }) {
  if (row.lat === null || row.lng === null || row.lat === undefined || row.lng === undefined) {
    return <Typography.Text type="secondary">{NO_POSITION_TEXT}</Typography.Text>;
  }
  const label = row.distance_m === null || row.distance_m === undefined ? '有定位' : `距点 ${row.distance_m} 米`;
  return (
    <a href={mapLink(row.lat, row.lng, row.patrol_name || '打卡位置')} target="_blank" rel="noreferrer noopener">
      {label}
    </a>
  );
}
