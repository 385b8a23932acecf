import { ApiError } from '@guard-tour/client/browser';
import { useEffect, useState } from 'react';
import { syncNow } from '../app/guard-store';
import { useGuard } from '../app/use-guard';

/** How many punches wait, and what the upload is doing about them. */
export function SyncLine() {
  const { queue, sync, online } = useGuard();
  const [now, setNow] = useState(() => Date.now());
  const waiting = queue.filter((punch) => punch.rejected === null).length;

  useEffect(() => {
    if (sync.kind !== 'waiting') return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [sync.kind]);

  let text = waiting ? `待上传 ${waiting} 条` : '打卡已全部上传';
  if (sync.kind === 'sending' && waiting) text += '，正在上传…';
  if (sync.kind === 'waiting' && waiting) {
    const seconds = Math.max(0, Math.ceil((sync.retryAt - now) / 1000));
    const reason = !online ? '网络未连接' : sync.error instanceof ApiError ? sync.error.message : '上传失败';
    text += `（${reason}，${seconds} 秒后重试）`;
  }
  return (
    <p className="status-line" role="status" aria-label="上传状态" onClick={syncNow}>
      {text}
    </p>
  );
}
