import type { AlertRow } from '@guard-tour/contract';
import { Drawer, Empty, Flex, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { loadErrorText } from '@guard-tour/client/browser';
import { AlertKindTag, AlertStateTag } from '../../components/alert-tags';
import { shown } from '../../components/cells';
import { useLatestAlerts } from '../../features/alert/api';
import { ALERTS_PATH } from './use-alert-stream';

function AlertItem({ alert }: { alert: AlertRow }) {
  return (
    <li style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Flex vertical gap={4}>
        <Flex gap={8} align="center" wrap>
          <AlertKindTag kind={alert.kind} name={alert.kind_name} />
          <AlertStateTag state={alert.state} />
          <Typography.Text type="secondary" style={{ marginInlineStart: 'auto', fontSize: 12 }}>
            {shown(alert.raised_time)}
          </Typography.Text>
        </Flex>
        <Typography.Text>{shown(alert.detail)}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[alert.hold_name, alert.road_name].filter((text) => text?.trim()).join(' · ') || '—'}
        </Typography.Text>
      </Flex>
    </li>
  );
}

/** The bell's drawer: the newest alerts of the caller's scope, and a way to all of them. */
export function AlertDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const latest = useLatestAlerts(open);
  const rows = latest.data?.rows ?? [];

  let body;
  if (latest.isPending) body = <Spin style={{ display: 'block', padding: 48 }} />;
  else if (rows.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={latest.isError ? loadErrorText(latest.error) : '暂无告警'}
      />
    );
  else
    body = (
      <ul aria-label="最新告警" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((alert) => (
          <AlertItem key={alert.alert_id} alert={alert} />
        ))}
      </ul>
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="最新告警"
      size={420}
      extra={
        <Link to={ALERTS_PATH} onClick={onClose}>
          查看全部
        </Link>
      }
    >
      {body}
    </Drawer>
  );
}
