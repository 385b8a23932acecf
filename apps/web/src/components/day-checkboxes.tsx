import { Checkbox, Flex } from 'antd';
import { itemNamesOf, type CycleItemKind } from './cycle-items';

interface DayCheckboxesProps {
  kind: CycleItemKind;
  /** The ticked names (a Form.Item control). */
  value?: string[];
  onChange?: (checked: string[]) => void;
  disabled?: boolean;
  id?: string;
}

/** Weekday (周一…周日) or month-day (1号…31号) checkboxes with 全选 in front. */
export function DayCheckboxes({ kind, value = [], onChange, disabled, id }: DayCheckboxesProps) {
  const names = itemNamesOf(kind);
  const all = value.length === names.length;
  return (
    <Flex vertical gap={4} id={id} role="group" aria-label={kind === 'weekday' ? '巡检星期' : '巡检日期'}>
      <Checkbox
        checked={all}
        indeterminate={value.length > 0 && !all}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked ? [...names] : [])}
      >
        全选
      </Checkbox>
      <Checkbox.Group
        value={value}
        disabled={disabled}
        onChange={(checked) => onChange?.(names.filter((name) => checked.includes(name)))}
        style={{ display: 'grid', gridTemplateColumns: `repeat(${kind === 'weekday' ? 7 : 8}, max-content)`, gap: 8 }}
        options={names.map((name) => ({ label: name, value: name }))}
      />
    </Flex>
  );
}
