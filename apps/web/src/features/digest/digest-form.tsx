import {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_TEXT,
  DIGEST_SECTION_TEXT,
  DIGEST_SECTIONS,
  WEBHOOK_FORMAT_TEXT,
  WEEKDAY_TEXT,
  type DigestRow,
} from '@guard-tour/contract';
import { Alert, Checkbox, Col, Form, Input, Select, Switch } from 'antd';
import { EditDialog, holdIdOf, rowOf, useEditForm, type EditSubject } from '../../components/edit-dialog';
import { TextItem } from '../../components/form-items';
import { useDigestOptions, useSaveDigest } from './api';
import {
  digestFormError,
  digestValuesOf,
  newDigestValues,
  toSaveDigestInput,
  type DigestFormValues,
} from './digest-form-values';

export type DigestDialogSubject = EditSubject<DigestRow>;

const FREQUENCY_OPTIONS = DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_FREQUENCY_TEXT[value] }));
const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, label: WEEKDAY_TEXT[value] }));
const SECTION_OPTIONS = DIGEST_SECTIONS.map((value) => ({ value, label: DIGEST_SECTION_TEXT[value] }));
export const NO_SMTP_HINT =
  '未配置邮件服务器（SMTP_URL），暂不能发送邮件，只能选择告警推送。请联系运维设置 SMTP_URL 与 MAIL_FROM。';

/** 新增 / 编辑 a scheduled report: name, frequency and time, sections, e-mail addresses as tags, hooks. */
export function DigestForm({ subject, onClose }: { subject: DigestDialogSubject; onClose: () => void }) {
  const row = rowOf(subject);
  const digestId = row?.digest_id ?? 0;
  const holdId = row ? row.hold_id : holdIdOf(subject);
  const options = useDigestOptions(holdId);
  const mailReady = options.data?.mail_ready ?? true;
  const dialog = useEditForm(
    useSaveDigest(),
    {
      initial: () => (row ? digestValuesOf(row) : newDigestValues()),
      check: (values: DigestFormValues) => digestFormError(values, mailReady),
      toInput: (values: DigestFormValues) => toSaveDigestInput(values, digestId, holdId),
    },
    onClose,
  );
  const frequency = Form.useWatch('frequency', dialog.form);
  const hookOptions = (options.data?.hooks ?? []).map((hook) => ({
    value: hook.hook_id,
    label: `${hook.name}（${WEBHOOK_FORMAT_TEXT[hook.format]}，${hook.hold_name}）`,
  }));

  return (
    <EditDialog title={digestId === 0 ? '新增定时报表' : '编辑定时报表'} {...dialog}>
      {!mailReady && (
        <Col span={24}>
          <Alert type="warning" showIcon title={NO_SMTP_HINT} style={{ marginBottom: 16 }} />
        </Col>
      )}
      <TextItem label="名称" name="digest_name" max={50} placeholder="如：滨江花园巡检日报" required />
      <Col span={12}>
        <Form.Item label="发送频率" name="frequency" required>
          <Select options={FREQUENCY_OPTIONS} aria-label="发送频率" />
        </Form.Item>
      </Col>
      {frequency === 'weekly' && (
        <Col span={12}>
          <Form.Item label="星期" name="weekday" required>
            <Select options={WEEKDAY_OPTIONS} aria-label="星期" />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item
          label="发送时间"
          name="time"
          required
          tooltip={frequency === 'monthly' ? '每月 1 日的这个时间发送上月报表' : 'HH:mm，服务器所在时区'}
        >
          <Input placeholder="06:00" maxLength={5} aria-label="发送时间" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="包含下级" name="includeChildren" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="报表内容" name="sections" required>
          <Checkbox.Group options={SECTION_OPTIONS} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="收件邮箱" name="emails" tooltip="输入后回车，最多 20 个">
          <Select
            mode="tags"
            aria-label="收件邮箱"
            disabled={!mailReady}
            tokenSeparators={[',', '，', ';', ' ']}
            open={false}
            placeholder={mailReady ? '输入邮箱后回车' : '未配置邮件服务器'}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          label="告警推送"
          name="hook_ids"
          tooltip="在「告警推送」中添加的企业微信、钉钉群机器人或通用 JSON 接收地址"
        >
          <Select mode="multiple" aria-label="告警推送" options={hookOptions} placeholder="选择推送配置" />
        </Form.Item>
      </Col>
    </EditDialog>
  );
}
