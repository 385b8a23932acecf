import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState, type MouseEvent } from 'react';
import { useUnhandledCount } from '../../features/alert/api';
import { AlertDrawer } from './alert-drawer';
import { ALERTS_PATH } from './use-alert-stream';

/** A plain click previews; a click with a modifier (a new tab or window) is left to the browser. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The top bar's bell: the caller's unhandled alerts as a badge; a click opens the newest ones in a drawer. It is a
 * link to 告警管理 (opened as such in a new tab), so the top bar keeps one button: the user's operations.
 */
export function AlertBell() {
  const [open, setOpen] = useState(false);
  const count = useUnhandledCount().data ?? 0;

  return (
    <>
      <Button
        type="text"
        href={ALERTS_PATH}
        aria-haspopup="dialog"
        aria-label={count > 0 ? `告警：${count} 条未处理` : '告警'}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          setOpen(true);
        }}
        style={{ color: '#fff' }}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ color: '#fff', fontSize: 18 }} />
          </Badge>
        }
      />
      <AlertDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
