import { MAX_REPORT_DAYS } from '@guard-tour/contract';
import { App, DatePicker, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { DAY_FORMAT, PRESET_OPTIONS, presetSpan, spanError, type DayPreset, type DaySpan } from './day-span';
import { deploymentNow } from '../api/deployment-time';

/** A span as picked: its days, and the quick span they came from (null when picked by hand). */
export interface PickedSpan extends DaySpan {
  preset: DayPreset | null;
}

interface DaySpanPickerProps {
  value: PickedSpan;
  onChange: (span: PickedSpan) => void;
}

/**
 * 今天 / 昨天 / 本周 / 上周 / 本月 / 上月, or two dates (up to today, at most a year apart); a span that cannot be
 * asked for says why and is not taken.
 */
export function DaySpanPicker({ value, onChange }: DaySpanPickerProps) {
  const { message } = App.useApp();
  const id = useId();
  const pickDates = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [null, null];
    if (!start || !end) return;
    const span = { start_date: start.format(DAY_FORMAT), end_date: end.format(DAY_FORMAT) };
    const problem = spanError(span);
    if (problem) void message.warning(problem);
    else onChange({ preset: null, ...span });
  };
  return (
    <>
      <Radio.Group
        aria-label="日期范围"
        name={`${id}-preset`}
        optionType="button"
        options={PRESET_OPTIONS}
        value={value.preset ?? undefined}
        onChange={(event) => {
          const preset = event.target.value as DayPreset;
          onChange({ preset, ...presetSpan(preset) });
        }}
      />
      <Typography.Text>
        <label htmlFor={`${id}-span`}>日期</label>
      </Typography.Text>
      <DatePicker.RangePicker
        id={{ start: `${id}-span` }}
        value={[dayjs(value.start_date), dayjs(value.end_date)]}
        allowClear={false}
        onChange={pickDates}
        disabledDate={(current, info) =>
          current.isAfter(deploymentNow(), 'day') ||
          (info?.from ? Math.abs(current.diff(info.from, 'day')) >= MAX_REPORT_DAYS : false)
        }
        placeholder={['开始日期', '结束日期']}
        style={{ width: 260 }}
      />
    </>
  );
}
