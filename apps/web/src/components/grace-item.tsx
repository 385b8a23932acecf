import { MAX_GRACE_MINUTES } from '@guard-tour/contract';
import { Form, InputNumber, type TableColumnType } from 'antd';
import { NOWRAP } from './cells';
import { GRACE_LABEL, graceError, graceText } from './grace';

/**
 * 宽限时间 (分钟): a punch this many minutes before the window or after it still checks its point. The field checks
 * itself (宽限时间应为0-120分钟) rather than clamping what was typed, so a wrong value is said, not silently changed.
 * The form opens with `withGrace(values)`, so the box shows 0 for none.
 */
export function GraceItem() {
  return (
    <Form.Item
      label={GRACE_LABEL}
      name="grace_minutes"
      extra={`窗口前后${MAX_GRACE_MINUTES}分钟以内，0 表示不宽限`}
      rules={[
        {
          validator: (_, value: unknown) => {
            const problem = graceError(value);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      <InputNumber<number> step={5} placeholder="0" suffix="分钟" style={{ width: 160 }} />
    </Form.Item>
  );
}

/** The 宽限 column of the road and task lists. */
export function graceColumn<Row extends { grace_minutes?: number | null }>(): TableColumnType<Row> {
  return {
    title: '宽限',
    dataIndex: 'grace_minutes',
    width: 80,
    ...NOWRAP,
    render: (value: number | null | undefined) => graceText(value),
  };
}
