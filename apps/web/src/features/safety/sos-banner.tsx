import { AlertOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { AlertRow } from '@guard-tour/contract';
import { App, Button, Flex, Typography } from 'antd';
import { useCan } from '../../api/use-can';
import { useOpenSos, useRespondSos } from './api';
import { mapLink, positionText } from '../../components/map-link';
import { useAlarm } from './use-alarm';

/**
 * 紧急求助 over every screen (SAFETY.md): a red banner per unanswered SOS in the account's scope, with the guard,
 * the time, where he was (a link that opens a map site) and his phone's last punch, and a repeating sound until
 * someone presses 已响应 (an account that may handle alerts).
 */
export function SosBanner({ enabled }: { enabled: boolean }) {
  const open = useOpenSos(enabled);
  const rows = enabled ? (open.data ?? []) : [];
  useAlarm(rows.length > 0);
  if (rows.length === 0) return null;
  return (
    <div role="alert" aria-label="紧急求助" style={{ position: 'relative', zIndex: 1000 }}>
      {rows.map((row) => (
        <SosLine key={row.alert_id} row={row} />
      ))}
    </div>
  );
}

function SosLine({ row }: { row: AlertRow }) {
  const can = useCan();
  const respond = useRespondSos();
  const { message } = App.useApp();
  const guard = row.true_name || '巡检员';
  const presses = row.press_count > 1 ? `（已按 ${row.press_count} 次）` : '';
  return (
    <Flex
      align="center"
      gap={12}
      wrap
      style={{ background: '#cf1322', color: '#fff', padding: '10px 16px', borderBottom: '1px solid #a8071a' }}
      data-testid="sos-banner"
    >
      <AlertOutlined style={{ fontSize: 22 }} />
      <Typography.Text strong style={{ color: '#fff', fontSize: 16 }}>
        紧急求助：{guard}
        {presses}
      </Typography.Text>
      <Typography.Text style={{ color: '#fff' }}>{row.raised_time}</Typography.Text>
      <Typography.Text style={{ color: '#fff' }}>{row.hold_name}</Typography.Text>
      <Typography.Text style={{ color: '#fff', flex: 1, minWidth: 200 }}>{row.detail}</Typography.Text>
      {row.lat !== null && row.lng !== null ? (
        <a
          href={mapLink(row.lat, row.lng, `${guard}的位置`)}
          target="_blank"
          rel="noreferrer noopener"
          style={{ color: '#fff', textDecoration: 'underline' }}
        >
          <EnvironmentOutlined /> 在地图中查看（{positionText(row.lat, row.lng, row.accuracy)}）
        </a>
      ) : (
        <Typography.Text style={{ color: '#fff' }}>无定位</Typography.Text>
      )}
      {can('alert.handle') && (
        <Button
          size="large"
          loading={respond.isPending}
          onClick={() =>
            respond.mutate(row.alert_id, {
              onSuccess: () => void message.success(`已响应 ${guard} 的紧急求助`),
            })
          }
        >
          已响应
        </Button>
      )}
    </Flex>
  );
}
