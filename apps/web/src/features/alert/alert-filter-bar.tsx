import { CheckOutlined, FieldTimeOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Flex, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { KIND_OPTIONS, STATE_OPTIONS, type AlertFilters } from './alert-filters';
import { deploymentNow } from '../../api/deployment-time';

const DAY = 'YYYY-MM-DD';

interface AlertFilterBarProps {
  filters: AlertFilters;
  /** A choice applies at once. */
  onApply: (filters: AlertFilters) => void;
  /** 查询: asks again with the filters as they are. */
  onSearch: () => void;
  /** How many open alerts are selected: 处理所选 handles them. */
  selected: number;
  /** Absent for a role that may not handle alerts: 处理所选 and 离线设置 are not shown. */
  onHandleSelected?: (() => void) | undefined;
  onOfflineSettings?: (() => void) | undefined;
}

/** 告警管理's filters: kind, state, the days raised, 包含下级; then 处理所选 and 离线设置. */
export function AlertFilterBar(props: AlertFilterBarProps) {
  const { filters, onApply, onSearch, selected, onHandleSelected, onOfflineSettings } = props;
  const id = useId();
  const change = (patch: Partial<AlertFilters>) => onApply({ ...filters, ...patch });
  const label = (field: string, text: string) => (
    <Typography.Text>
      <label htmlFor={`${id}-${field}`}>{text}</label>
    </Typography.Text>
  );
  const span: [Dayjs, Dayjs] | null =
    filters.start_date && filters.end_date ? [dayjs(filters.start_date), dayjs(filters.end_date)] : null;

  return (
    <Flex gap={8} wrap align="center" role="search">
      {label('kind', '类型')}
      <Select<number>
        id={`${id}-kind`}
        aria-label="类型"
        value={filters.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => change({ kind })}
        style={{ width: 120 }}
      />
      {label('state', '状态')}
      <Select<number>
        id={`${id}-state`}
        aria-label="状态"
        value={filters.state}
        options={STATE_OPTIONS}
        onChange={(state) => change({ state })}
        style={{ width: 110 }}
      />
      {label('span', '告警日期')}
      <DatePicker.RangePicker
        id={{ start: `${id}-span` }}
        value={span}
        onChange={(days) => {
          const [start, end] = days ?? [null, null];
          change({ start_date: start ? start.format(DAY) : '', end_date: end ? end.format(DAY) : '' });
        }}
        disabledDate={(day) => day.isAfter(deploymentNow(), 'day')}
        placeholder={['开始日期', '结束日期']}
        style={{ width: 260 }}
      />
      <Checkbox
        checked={filters.includeChildren}
        onChange={(event) => change({ includeChildren: event.target.checked })}
      >
        包含下级
      </Checkbox>
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
        查询
      </Button>
      {onHandleSelected && (
        <Button icon={<CheckOutlined />} disabled={selected === 0} onClick={onHandleSelected}>
          {selected > 0 ? `处理所选（${selected}）` : '处理所选'}
        </Button>
      )}
      {onOfflineSettings && (
        <Button icon={<FieldTimeOutlined />} onClick={onOfflineSettings}>
          告警设置
        </Button>
      )}
    </Flex>
  );
}
