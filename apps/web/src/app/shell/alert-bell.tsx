import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useUnhandledCount } from '../../features/alert/api';
import { AlertDrawer } from './alert-drawer';

/** The top bar's bell: the caller's unhandled alerts as a badge; a click opens the newest ones. */
export function AlertBell() {
  const [open, setOpen] = useState(false);
  const count = useUnhandledCount().data ?? 0;

  return (
    <>
      <Button
        type="text"
        aria-label={count > 0 ? `告警：${count} 条未处理` : '告警'}
        onClick={() => setOpen(true)}
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
