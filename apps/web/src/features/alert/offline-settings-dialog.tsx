import { MAX_OFFLINE_HOURS } from '@guard-tour/contract';
import { Form, InputNumber, Typography } from 'antd';
import { DetailPending, DIALOG_FORM_LAYOUT, FormDialog } from '../../components/form-dialog';
import { useSaveForm } from '../../components/use-save-form';
import { useAlertSettings, useSaveAlertSettings } from './api';
import { offlineHoursError } from './offline-values';

interface OfflineFormValues {
  offline_hours: number | null;
}

interface OfflineSettingsDialogProps {
  /** The organisation picked in the tree; undefined is the caller's own. */
  holdId: number | undefined;
  onClose: () => void;
}

/**
 * 离线设置: how many hours a bound terminal may upload nothing before it is 终端离线 (per enterprise, 1–720). The
 * server names what it refuses (an organisation that is not an enterprise), both on reading and on saving.
 */
export function OfflineSettingsDialog({ holdId, onClose }: OfflineSettingsDialogProps) {
  const [form] = Form.useForm<OfflineFormValues>();
  const settings = useAlertSettings(holdId);
  const save = useSaveAlertSettings();
  const onSubmit = useSaveForm(save, {
    check: (values: OfflineFormValues) => offlineHoursError(values.offline_hours),
    toInput: (values: OfflineFormValues) => ({
      hold_id: settings.data?.hold_id ?? holdId,
      offline_hours: values.offline_hours ?? 0,
    }),
    onSaved: onClose,
  });
  const data = settings.data;

  return (
    <FormDialog
      title="离线设置"
      busy={save.isPending}
      ready={Boolean(data)}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      {data ? (
        <Form<OfflineFormValues>
          form={form}
          initialValues={{ offline_hours: data.offline_hours }}
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
        </Form>
      ) : (
        <DetailPending error={settings.error} />
      )}
    </FormDialog>
  );
}
