import {
  ALERT_KIND_TEXT,
  ALERT_KINDS,
  SIGNATURE_HEADER,
  WEBHOOK_FORMAT_TEXT,
  WEBHOOK_FORMATS,
  type WebhookRow,
} from '@guard-tour/contract';
import { Checkbox, Col, Form, Input, Select, Switch } from 'antd';
import { EditDialog, holdIdOf, rowOf, useEditForm, type EditSubject } from '../../components/edit-dialog';
import { TextItem } from '../../components/form-items';
import { useSaveWebhook } from './api';
import {
  newWebhookValues,
  toSaveWebhookInput,
  webhookFormError,
  webhookValuesOf,
  type WebhookFormValues,
} from './webhook-form-values';

export type WebhookDialogSubject = EditSubject<WebhookRow>;

const FORMAT_OPTIONS = WEBHOOK_FORMATS.map((value) => ({ value, label: WEBHOOK_FORMAT_TEXT[value] }));
const KIND_OPTIONS = ALERT_KINDS.map((value) => ({ value: value as number, label: ALERT_KIND_TEXT[value] }));

function secretHint(isNew: boolean, format: WebhookFormValues['format'] | undefined): string {
  if (!isNew) return '留空则保持不变';
  return format === 'json' ? '通用 JSON 推送必填，用于签名' : '选填';
}

/** 新增 / 编辑 a webhook: name, address, format, secret (never shown again), kinds to send, enabled. */
export function WebhookForm({ subject, onClose }: { subject: WebhookDialogSubject; onClose: () => void }) {
  const row = rowOf(subject);
  const hookId = row?.hook_id ?? 0;
  const holdId = row ? row.hold_id : holdIdOf(subject);
  const dialog = useEditForm(
    useSaveWebhook(),
    {
      initial: () => (row ? webhookValuesOf(row) : newWebhookValues()),
      check: (values: WebhookFormValues) => webhookFormError(values, row?.has_secret ?? false),
      toInput: (values: WebhookFormValues) => toSaveWebhookInput(values, hookId, holdId),
    },
    onClose,
  );
  const format = Form.useWatch('format', dialog.form);

  return (
    <EditDialog title={hookId === 0 ? '新增告警推送' : '编辑告警推送'} {...dialog}>
      <TextItem label="名称" name="name" max={50} placeholder="如：保安部值班群" required />
      <Col span={12}>
        <Form.Item label="格式" name="format" required>
          <Select options={FORMAT_OPTIONS} aria-label="格式" />
        </Form.Item>
      </Col>
      <TextItem
        label="推送地址"
        name="url"
        max={500}
        span={24}
        placeholder="https:// 开头的群机器人或接收服务地址"
        required
      />
      <Col span={12}>
        <Form.Item
          label="密钥"
          name="secret"
          required={hookId === 0 && format === 'json'}
          tooltip={`通用 JSON 推送用它对消息体做 HMAC-SHA256 签名，放在 ${SIGNATURE_HEADER} 请求头`}
        >
          <Input.Password maxLength={200} autoComplete="new-password" placeholder={secretHint(hookId === 0, format)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="告警类型" name="kinds" required>
          <Checkbox.Group options={KIND_OPTIONS} />
        </Form.Item>
      </Col>
    </EditDialog>
  );
}
