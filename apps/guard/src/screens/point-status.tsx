import type { AppRoundPoint } from '@guard-tour/contract';
import { Tag } from 'antd-mobile';
import type { QueuedPunch } from '../lib/punch-queue';

/** A point's state on the phone: checked on the server, waiting in the queue, refused, or not yet. */
export function PointStatus({ point, queued }: { point: AppRoundPoint | null; queued: QueuedPunch[] }) {
  const waiting = queued.filter((punch) => punch.rejected === null);
  const refused = queued.find((punch) => punch.rejected !== null);
  if (waiting.length) return <Tag color="warning">待上传</Tag>;
  if (point?.checked_time) return <Tag color="success">已巡 {point.checked_time.slice(11, 19)}</Tag>;
  if (refused) return <Tag color="danger">上传失败</Tag>;
  return <Tag color="default">未巡</Tag>;
}
