import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex } from 'antd';
import { DaySpanPicker } from '../../components/day-span-picker';
import type { EventFilters } from './event-filters';

interface EventFilterBarProps {
  filters: EventFilters;
  /** A choice applies at once. */
  onApply: (filters: EventFilters) => void;
  /** 查询: asks again with the filters as they are. */
  onSearch: () => void;
}

/** The filters of 事件记录: a quick span or two dates, 包含下级, and 查询. */
export function EventFilterBar({ filters, onApply, onSearch }: EventFilterBarProps) {
  return (
    <Flex gap={8} wrap align="center" role="search">
      <DaySpanPicker value={filters} onChange={(span) => onApply({ ...filters, ...span })} />
      <Checkbox
        checked={filters.includeChildren}
        onChange={(event) => onApply({ ...filters, includeChildren: event.target.checked })}
      >
        包含下级
      </Checkbox>
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
        查询
      </Button>
    </Flex>
  );
}
