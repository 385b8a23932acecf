import { MAX_ALERT_NOTE } from '@guard-tour/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useSaveForm } from '../../components/use-save-form';
import { useHandleAlerts } from './api';
import { handleError, toHandleInput, type HandleFormValues } from './handle-values';

interface HandleDialogProps {
  alertIds: number[];
  /** Handled: the list, the bell and its drawer have been told to refresh. */
  onDone: () => void;
  onClose: () => void;
}

/** 处理: a note (up to 200 characters), then the alerts are 已处理 with who and when. */
export function HandleDialog({ alertIds, onDone, onClose }: HandleDialogProps) {
  const [form] = Form.useForm<HandleFormValues>();
  const handle = useHandleAlerts();
  const onSubmit = useSaveForm(handle, {
    check: (values: HandleFormValues) => handleError(alertIds, values),
    toInput: (values: HandleFormValues) => toHandleInput(alertIds, values),
    onSaved: onDone,
  });

  return (
    <Modal
      open
      title="处理告警"
      okText="确定"
      cancelText="取消"
      confirmLoading={handle.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        将 {alertIds.length} 条告警标为已处理，处理人与处理时间由系统记录。
      </Typography.Paragraph>
      <Form<HandleFormValues>
        form={form}
        layout="vertical"
        initialValues={{ note: '' }}
        onFinish={onSubmit}
        disabled={handle.isPending}
        autoComplete="off"
      >
        <Form.Item label="处理说明" name="note">
          <Input.TextArea rows={4} maxLength={MAX_ALERT_NOTE} showCount placeholder="选填，如：已电话联系巡检员补巡" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
