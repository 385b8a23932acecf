import {
  MAX_CHECKIN_GRACE,
  MAX_CHECKIN_MINUTES,
  MAX_OFFLINE_HOURS,
  MIN_CHECKIN_MINUTES,
  alertMessages,
} from '@guard-tour/contract';
import { Form, InputNumber, Switch, Typography } from 'antd';
import { DetailPending, DIALOG_FORM_LAYOUT, FormDialog } from '../../components/form-dialog';
import { useSaveForm } from '../../components/use-save-form';
import { useAlertSettings, useSaveAlertSettings } from './api';
import { offlineHoursError } from './offline-values';

interface OfflineFormValues {
  offline_hours: number | null;
  /** 报平安 (SAFETY.md); absent when the server did not say (an older server). */
  checkin_enabled?: boolean;
  checkin_minutes?: number | null;
  checkin_grace?: number | null;
}

const between = (value: number | null | undefined, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The first refusal of the form, as the server words it. */
function settingsError(values: OfflineFormValues): string | null {
  const offline = offlineHoursError(values.offline_hours);
  if (offline) return offline;
  if (
    values.checkin_minutes !== undefined &&
    !between(values.checkin_minutes, MIN_CHECKIN_MINUTES, MAX_CHECKIN_MINUTES)
  ) {
    return alertMessages.badCheckinMinutes;
  }
  if (values.checkin_grace !== undefined && !between(values.checkin_grace, 0, MAX_CHECKIN_GRACE)) {
    return alertMessages.badCheckinGrace;
  }
  return null;
}

interface OfflineSettingsDialogProps {
  /** The organisation picked in the tree; undefined is the caller's own. */
  holdId: number | undefined;
  onClose: () => void;
}

/**
 * 告警设置 (离线设置 before SAFETY.md): 报平安's interval and grace, and how many hours a bound terminal may upload nothing before it is 终端离线 (per enterprise, 1–720). The
 * server names what it refuses (an organisation that is not an enterprise), both on reading and on saving.
 */
export function OfflineSettingsDialog({ holdId, onClose }: OfflineSettingsDialogProps) {
  const [form] = Form.useForm<OfflineFormValues>();
  const settings = useAlertSettings(holdId);
  const save = useSaveAlertSettings();
  const onSubmit = useSaveForm(save, {
    check: settingsError,
    toInput: (values: OfflineFormValues) => ({
      holdId: settings.data?.hold_id ?? holdId,
      offline_hours: values.offline_hours ?? 0,
      ...(values.checkin_enabled === undefined
        ? {}
        : {
            checkin_enabled: values.checkin_enabled,
            checkin_minutes: values.checkin_minutes ?? 0,
            checkin_grace: values.checkin_grace ?? 0,
          }),
    }),
    onSaved: onClose,
  });
  const data = settings.data;

  return (
    <FormDialog
      title="告警设置"
      busy={save.isPending}
      ready={Boolean(data)}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      {data ? (
        <Form<OfflineFormValues>
          form={form}
          initialValues={{
            offline_hours: data.offline_hours,
            checkin_enabled: data.checkin_enabled,
            checkin_minutes: data.checkin_minutes,
            checkin_grace: data.checkin_grace,
          }}
          onFinish={onSubmit}
          disabled={save.isPending}
          {...DIALOG_FORM_LAYOUT}
        >
          <Form.Item label="企业">
            <Typography.Text>{data.hold_name || '—'}</Typography.Text>
          </Form.Item>
          <Form.Item
            label="离线时长"
            name="offline_hours"
            required
            extra={`绑定到生效路线或任务的终端超过该时长未上传任何数据，即产生“终端离线”告警（1-${MAX_OFFLINE_HOURS} 小时）。`}
          >
            <InputNumber min={1} max={MAX_OFFLINE_HOURS} precision={0} suffix="小时" style={{ width: 200 }} />
          </Form.Item>
          {data.checkin_enabled !== undefined && (
            <>
              <Form.Item
                label="报平安"
                name="checkin_enabled"
                valuePropName="checked"
                extra="开启后，巡检员当天首次打卡起须每隔一段时间在巡检助手点“我很安全”，超时未报即产生“未报平安”告警。"
              >
                <Switch />
              </Form.Item>
              <Form.Item label="报平安间隔" name="checkin_minutes" required>
                <InputNumber
                  min={MIN_CHECKIN_MINUTES}
                  max={MAX_CHECKIN_MINUTES}
                  precision={0}
                  suffix="分钟"
                  style={{ width: 200 }}
                />
              </Form.Item>
              <Form.Item label="宽限" name="checkin_grace" required>
                <InputNumber min={0} max={MAX_CHECKIN_GRACE} precision={0} suffix="分钟" style={{ width: 200 }} />
              </Form.Item>
            </>
          )}
        </Form>
      ) : (
        <DetailPending error={settings.error} />
      )}
    </FormDialog>
  );
}
