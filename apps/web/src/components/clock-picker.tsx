import { TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { disabledClock, toMinutes, type ClockRange } from './clock';

interface ClockPickerProps {
  range: ClockRange;
  /** 'HH:mm' or '' (a Form.Item control). */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

function asDayjs(value: string | undefined): Dayjs | null {
  const minutes = toMinutes(value);
  if (typeof minutes !== 'number') return null;
  return dayjs().startOf('day').add(minutes, 'minute');
}

/** A time picker that hands the form 'HH:mm' strings and offers only the range's times. */
export function ClockPicker({ range, value, onChange, id, disabled, placeholder = '请选择时间' }: ClockPickerProps) {
  const disabledTime = useMemo(() => {
    const rules = disabledClock(range);
    return () => rules;
  }, [range]);
  return (
    <TimePicker
      id={id}
      value={asDayjs(value)}
      onChange={(picked) => onChange?.(picked ? picked.format('HH:mm') : '')}
      format="HH:mm"
      minuteStep={range.minuteStep}
      disabledTime={disabledTime}
      hideDisabledOptions
      showNow={false}
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
