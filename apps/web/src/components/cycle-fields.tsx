import { Form, Radio } from 'antd';
import type { ReactNode } from 'react';
import type { CycleItemKind } from './cycle-items';
import { DayCheckboxes } from './day-checkboxes';

interface CycleFieldsProps<V> {
  /** The cycle's form field (a road's cycle_repeat_type, a task's cycle_repeat_mode). */
  name: string;
  options: { value: V; label: string }[];
  /** The days the chosen cycle is ticked by: weekdays, month days, or none. */
  kind: CycleItemKind | null;
  /** Fields between the cycle and its days (a task's 执行日期). */
  between?: ReactNode;
  /** Wraps the cycle and the days each (a task dialog's grid columns). */
  wrap?: (field: ReactNode) => ReactNode;
}

/** 巡检周期, then 巡检星期 or 巡检日期 for a weekly or monthly cycle: the same fields for roads and tasks. */
export function CycleFields<V extends string | number>({
  name,
  options,
  kind,
  between,
  wrap = (field) => field,
}: CycleFieldsProps<V>) {
  return (
    <>
      {wrap(
        <Form.Item label="巡检周期" name={name}>
          <Radio.Group options={options} />
        </Form.Item>,
      )}
      {between}
      {wrap(
        <>
          {kind === 'weekday' && (
            <Form.Item label="巡检星期" name="weekdays">
              <DayCheckboxes kind="weekday" />
            </Form.Item>
          )}
          {kind === 'monthday' && (
            <Form.Item label="巡检日期" name="monthdays">
              <DayCheckboxes kind="monthday" />
            </Form.Item>
          )}
        </>,
      )}
    </>
  );
}
