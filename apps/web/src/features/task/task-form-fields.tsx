import type { DeviceOption, RoadOption, TimeSlot } from '@guard-tour/contract';
import { TaskMode, itemKindOfTask, taskMessages } from '@guard-tour/contract';
import { Col, Form, Input, Row, Select, Tag, Typography, type FormInstance } from 'antd';
import { CycleFields } from '../../components/cycle-fields';
import { DIALOG_FORM_LAYOUT } from '../../components/form-dialog';
import { withGrace } from '../../components/grace';
import { GraceItem } from '../../components/grace-item';
import { HoldItem } from '../../components/hold-select';
import { SLOTS_EXTRA, slotsRule } from '../../components/time-slots';
import { TimeSlotsEditor } from '../../components/time-slots-editor';
import { DateTextPicker } from './date-text-picker';
import { crossesMidnight, TASK_CYCLE_OPTIONS, weekdaysAfterSwitch, type TaskFormValues } from './task-form-values';

interface TaskFormFieldsProps {
  form: FormInstance<TaskFormValues>;
  initialValues: TaskFormValues;
  roads: RoadOption[];
  devices: DeviceOption[];
  /** 责任班次's choices. */
  shifts: { value: number; label: string }[];
  optionsLoading: boolean;
  disabled: boolean;
  onSubmit: (values: TaskFormValues) => void;
  onInvalid: (message: string) => void;
}

const half = { xs: 24, md: 12 };

/** The task dialog's fields: organisation, name, road, device, cycle, time slots (the last may cross midnight), expiry. */
export function TaskFormFields(props: TaskFormFieldsProps) {
  const { form, initialValues, roads, devices, shifts, optionsLoading, disabled, onSubmit, onInvalid } = props;
  const mode = Form.useWatch('cycle_repeat_mode', form) ?? initialValues.cycle_repeat_mode;
  const kind = itemKindOfTask(mode);
  const slots: TimeSlot[] = Form.useWatch('time_slots', form) ?? initialValues.time_slots ?? [];
  const last = slots.at(-1);
  const overnight = last && crossesMidnight(last) ? last : undefined;

  return (
    <Form<TaskFormValues>
      form={form}
      initialValues={withGrace(initialValues)}
      onFinish={onSubmit}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0]?.errors[0];
        if (first) onInvalid(first);
      }}
      onValuesChange={(changed: Partial<TaskFormValues>) => {
        // Roads and devices belong to an organisation: another organisation starts with neither chosen.
        if ('holdId' in changed) form.setFieldsValue({ road_id: undefined, object_id: undefined });
        if (changed.cycle_repeat_mode !== undefined) {
          form.setFieldValue(
            'weekdays',
            weekdaysAfterSwitch(changed.cycle_repeat_mode, form.getFieldValue('weekdays') ?? []),
          );
        }
      }}
      disabled={disabled}
      {...DIALOG_FORM_LAYOUT}
    >
      <Row gutter={16}>
        <Col {...half}>
          <HoldItem />
        </Col>
        <Col {...half}>
          <Form.Item
            label="任务名称"
            name="task_name"
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: taskMessages.nameRequired }]}
          >
            <Input maxLength={50} placeholder="请输入任务名称" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label="线路" name="road_id" rules={[{ required: true, message: taskMessages.roadRequired }]}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择一条线路"
              loading={optionsLoading}
              notFoundContent={optionsLoading ? '加载中…' : '暂无线路'}
              options={roads.map((road) => ({ value: road.road_id, label: road.road_name }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            label="巡检设备"
            name="object_id"
            rules={[{ required: true, message: taskMessages.deviceRequired }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择巡检终端"
              loading={optionsLoading}
              notFoundContent={optionsLoading ? '加载中…' : '暂无设备'}
              options={devices.map((device) => ({
                value: device.object_id,
                label: device.object_name ? `${device.object_name}(${device.device_no})` : device.device_no,
              }))}
            />
          </Form.Item>
        </Col>
        <CycleFields
          name="cycle_repeat_mode"
          options={TASK_CYCLE_OPTIONS}
          kind={kind}
          wrap={(field) => <Col span={24}>{field}</Col>}
          between={
            mode === TaskMode.single && (
              <Col {...half}>
                <Form.Item label="执行日期" name="single_date" extra="不选则为保存当天">
                  <DateTextPicker placeholder="执行日期" />
                </Form.Item>
              </Col>
            )
          }
        />
        <Col span={24}>
          <Form.Item
            label="巡检时段"
            name="time_slots"
            rules={[slotsRule]}
            extra={
              overnight ? (
                <Typography.Text type="warning">
                  <Tag color="purple">跨夜</Tag>最后一个时段次日 {overnight.end_time} 结束
                </Typography.Text>
              ) : (
                SLOTS_EXTRA
              )
            }
          >
            <TimeSlotsEditor />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label="到期日期" name="expire_date" extra="不选则长期有效">
            <DateTextPicker placeholder="到期日期" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <GraceItem />
        </Col>
        <Col {...half}>
          <Form.Item label="责任班次" name="shift_id" extra="按班次时，漏检记在当天该班次的当班人员名下">
            <Select
              aria-label="责任班次"
              placeholder="不按班次"
              options={[{ value: 0, label: '不按班次' }, ...shifts]}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
