import type { TimeRangeCode } from '@guard-tour/contract';
import { Tag } from 'antd';
import { PERIOD_OPTIONS } from './period';

interface PeriodTagsProps {
  value: TimeRangeCode;
  onChange: (period: TimeRangeCode) => void;
}

/**
 * The quick ranges of the punch screens: 本周 / 上周 / 本月 / 上月 as exclusive tags (spec section 4).
 * Clicking the picked tag again keeps it: a screen always has one period.
 */
export function PeriodTags({ value, onChange }: PeriodTagsProps) {
  return (
    <Tag.CheckableTagGroup<TimeRangeCode>
      aria-label="时间范围"
      role="group"
      options={PERIOD_OPTIONS}
      value={value}
      onChange={(picked) => {
        if (picked !== null && picked !== value) onChange(picked);
      }}
    />
  );
}
