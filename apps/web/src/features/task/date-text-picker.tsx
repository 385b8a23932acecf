import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface DateTextPickerProps {
  /** 'YYYY-MM-DD' or '' (a Form.Item control). */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

/** A date picker that hands the form 'YYYY-MM-DD' text, the way the task calls send dates. */
export function DateTextPicker({ value, onChange, id, disabled, placeholder = '请选择日期' }: DateTextPickerProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      value={parsed?.isValid() ? parsed : null}
      onChange={(picked) => onChange?.(picked ? picked.format('YYYY-MM-DD') : '')}
      format="YYYY-MM-DD"
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
