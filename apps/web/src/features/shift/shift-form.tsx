import { MIN_SHIFT_MINUTES, shiftLength, type SaveShiftInput, type ShiftRow } from '@guard-tour/contract';
import { App, ColorPicker, Form, Input, InputNumber, Modal } from 'antd';
import { errorText } from '@guard-tour/client/browser';
import { useSaveShift } from './api';

interface ShiftFormProps {
  /** The shift edited, or the organisation a new one goes to. */
  subject: { row: ShiftRow } | { holdId: number | undefined };
  onClose: () => void;
}

interface Values {
  shift_name: string;
  start_time: string;
  end_time: string;
  grace_minutes: number;
  color: string;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 新增 / 编辑 a shift: its name, window (an end before the start crosses midnight), grace and colour. */
export function ShiftForm({ subject, onClose }: ShiftFormProps) {
  const { message } = App.useApp();
  const save = useSaveShift();
  const row = 'row' in subject ? subject.row : undefined;
  const [form] = Form.useForm<Values>();
  const initial: Values = row
    ? { ...row }
    : { shift_name: '', start_time: '08:00', end_time: '16:00', grace_minutes: 10, color: '#1677FF' };

  async function submit() {
    const values = await form.validateFields();
    if (shiftLength(values.start_time, values.end_time) < MIN_SHIFT_MINUTES) {
      message.error(`班次至少${MIN_SHIFT_MINUTES}分钟`);
      return;
    }
    const input: SaveShiftInput = {
      shift_id: row?.shift_id ?? 0,
      ...(row ? {} : 'holdId' in subject && subject.holdId ? { holdId: subject.holdId } : {}),
      ...values,
    };
    try {
      await save.mutateAsync(input);
      message.success('保存成功');
      onClose();
    } catch (error) {
      message.error(errorText(error, '保存失败'));
    }
  }

  return (
    <Modal
      open
      title={row ? '编辑班次' : '新增班次'}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} initialValues={initial} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }}>
        <Form.Item
          name="shift_name"
          label="班次名称"
          rules={[
            { required: true, whitespace: true, message: '请输入班次名称' },
            { max: 20, message: '班次名称不能超过 20 个字符' },
          ]}
        >
          <Input placeholder="如 早班、夜班" />
        </Form.Item>
        <Form.Item
          name="start_time"
          label="开始时间"
          rules={[{ pattern: CLOCK, required: true, message: '请输入 HH:mm' }]}
        >
          <Input placeholder="08:00" />
        </Form.Item>
        <Form.Item
          name="end_time"
          label="结束时间"
          extra="早于开始时间表示跨过零点（次日结束）"
          rules={[{ pattern: CLOCK, required: true, message: '请输入 HH:mm' }]}
        >
          <Input placeholder="16:00" />
        </Form.Item>
        <Form.Item name="grace_minutes" label="迟到宽限（分钟）">
          <InputNumber min={0} max={120} precision={0} />
        </Form.Item>
        <Form.Item
          name="color"
          label="颜色"
          getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString().toUpperCase()}
        >
          <ColorPicker disabledAlpha />
        </Form.Item>
      </Form>
    </Modal>
  );
}
