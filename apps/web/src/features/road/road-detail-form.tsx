import { SaveOutlined } from '@ant-design/icons';
import { itemKindOf } from '@guard-tour/contract';
import { Button, Form, Input, Radio, Select, type FormInstance } from 'antd';
import { CycleFields } from '../../components/cycle-fields';
import { withGrace } from '../../components/grace';
import { GraceItem } from '../../components/grace-item';
import { SLOTS_EXTRA, slotsRule } from '../../components/time-slots';
import { TimeSlotsEditor } from '../../components/time-slots-editor';
import { OrderedTransfer, type TransferChoice } from './ordered-transfer';
import { ROAD_CYCLE_OPTIONS, type RoadDetailValues } from './road-detail-values';

interface RoadDetailFormProps {
  form: FormInstance<RoadDetailValues>;
  initialValues: RoadDetailValues;
  holdName: string;
  accounts: TransferChoice[];
  /** The shifts it may be walked by (巡检方式 按班次), with the one it names now. */
  shifts: { value: number; label: string }[];
  cards: TransferChoice[];
  optionsLoading: boolean;
  saving: boolean;
  /** A role that may not manage roads sees the road without a way to change it. */
  readOnly?: boolean;
  onSubmit: (values: RoadDetailValues) => void;
  /** A field rule failed (the end before the start): the page says so in words too. */
  onInvalid: (message: string) => void;
}

/** The road detail's fields: organisation, name, accounts, cycle, time slots, points in order, remark. */
export function RoadDetailForm(props: RoadDetailFormProps) {
  const { form, initialValues, holdName, accounts, shifts, cards, optionsLoading, saving, readOnly, onSubmit } = props;
  const { onInvalid } = props;
  const byShift = (Form.useWatch('walker_mode', form) ?? initialValues.walker_mode) === 'shift';
  const cycle = Form.useWatch('cycle_repeat_type', form) ?? initialValues.cycle_repeat_type;
  const kind = itemKindOf(cycle);

  return (
    <Form<RoadDetailValues>
      form={form}
      initialValues={withGrace(initialValues)}
      onFinish={onSubmit}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0]?.errors[0];
        if (first) onInvalid(first);
      }}
      disabled={saving || readOnly}
      labelCol={{ flex: '96px' }}
      wrapperCol={{ flex: 1 }}
      autoComplete="off"
    >
      <Form.Item label="所属组织" htmlFor="road-hold-name">
        <Input id="road-hold-name" value={holdName} disabled />
      </Form.Item>
      <Form.Item label="路线名称" name="road_name" required>
        <Input maxLength={50} placeholder="请输入路线名称" />
      </Form.Item>
      <Form.Item label="巡检方式" name="walker_mode">
        <Radio.Group
          options={[
            { value: 'accounts', label: '按账号' },
            { value: 'shift', label: '按班次（当班人员）' },
          ]}
        />
      </Form.Item>
      {byShift ? (
        <Form.Item label="班次" name="shift_id" required extra="每轮由当天该班次排班的人员负责">
          <Select aria-label="班次" placeholder="请选择班次" options={shifts} style={{ maxWidth: 320 }} />
        </Form.Item>
      ) : (
        <Form.Item label="巡检账号" name="user_ids" required>
          <OrderedTransfer
            label="巡检账号"
            titles={['可选账号', '已选账号']}
            choices={accounts}
            loading={optionsLoading}
          />
        </Form.Item>
      )}
      <CycleFields name="cycle_repeat_type" options={ROAD_CYCLE_OPTIONS} kind={kind} />
      <Form.Item label="巡检时段" name="time_slots" extra={SLOTS_EXTRA} rules={[slotsRule]}>
        <TimeSlotsEditor />
      </Form.Item>
      <GraceItem />
      <Form.Item label="巡检点" name="card_ids" required extra="已选巡检点按选入的先后排序，即巡检顺序">
        <OrderedTransfer
          label="巡检点"
          titles={['可选巡检点', '已选巡检点']}
          choices={cards}
          loading={optionsLoading}
          numbered
        />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
      {!readOnly && (
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
            保存
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}
