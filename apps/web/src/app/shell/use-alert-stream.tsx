import { ALERT_KIND_TEXT, AlertKind, type AlertRow } from '@guard-tour/contract';
import { App, Button } from 'antd';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { openAlertStream } from '../../api/alert-stream';
import { useSession } from '@guard-tour/client/use-session';
import { useRefreshAlerts } from '../../features/alert/api';

export const ALERTS_PATH = '/sys/alerts';

/** The toast's title: the kind's name (the row's own text for a kind this console does not know). */
export function alertTitle(alert: Pick<AlertRow, 'kind' | 'kind_name'>): string {
  return ALERT_KIND_TEXT[alert.kind as AlertKind] ?? (alert.kind_name.trim() || '新告警');
}

/**
 * The signed-in console's live alerts: one stream while a session lasts (closed on logout or unmount). Each new
 * alert is a toast with a way to 告警管理, and refreshes the bell's count, its drawer and the alert list; after a
 * break in the stream they are refreshed too, for what arrived meanwhile.
 */
export function useAlertStream(enabled = true): void {
  const session = useSession()?.token;
  const token = enabled ? session : undefined;
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const refresh = useRefreshAlerts();

  const onAlert = useEffectEvent((alert: AlertRow) => {
    void refresh();
    // 紧急求助 has its red banner over every screen (SAFETY.md); its presses and 已响应 are announced again.
    if (alert.kind === AlertKind.sos) return;
    const key = `alert-${alert.alert_id}`;
    notification.warning({
      key,
      title: alertTitle(alert),
      description: [alert.hold_name, alert.detail].filter((text) => text.trim()).join('：') || '收到一条新告警',
      placement: 'topRight',
      duration: 10,
      actions: (
        <Button
          type="link"
          size="small"
          onClick={() => {
            notification.destroy(key);
            void navigate(ALERTS_PATH);
          }}
        >
          查看告警管理
        </Button>
      ),
    });
  });
  const onReopen = useEffectEvent(() => void refresh());

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void openAlertStream({ signal: controller.signal, onAlert, onReopen });
    return () => controller.abort();
  }, [token]);
}
