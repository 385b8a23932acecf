import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Flex, Input, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { ExportButton } from '../../components/export-button';
import { rootHoldId } from '../../components/hold-tree';
import { HoldSelect } from '../../components/hold-select';
import { PERIOD_OPTIONS, periodOf } from '../../components/period';
import { useHoldTree } from '../../components/use-hold-tree';
import { hasDates, recordFiltersOf, type RecordFilters } from './record-filters';

type TextField = 'patrol_card_no' | 'patrol_card_name' | 'device_sn' | 'device_name';

const TEXT_FIELDS: { field: TextField; label: string; device?: boolean }[] = [
  { field: 'patrol_card_no', label: '卡号' },
  { field: 'patrol_card_name', label: '巡检点名称' },
  { field: 'device_sn', label: 'IMEI/SN', device: true },
  { field: 'device_name', label: '设备名称', device: true },
];

interface RecordFilterBarProps {
  /** The filters the table shows now. */
  applied: RecordFilters;
  onApply: (filters: RecordFilters) => void;
  /** 巡检记录 has the device fields and 仅看异常标记; 巡检点统计 has neither. */
  withDevice: boolean;
  onExport: () => Promise<string>;
}

const asDay = (text: string): Dayjs | null => (text ? dayjs(text) : null);

/**
 * The filters of 巡检记录 and 巡检点统计: range radio, two dates (which override the range), organisation,
 * 包含下级 (and 仅看异常标记), card and point (and device) fields, 搜索 and 导出. Choices apply at once; typed text
 * on 搜索 or Enter.
 */
export function RecordFilterBar({ applied, onApply, withDevice, onExport }: RecordFilterBarProps) {
  const id = useId();
  const tree = useHoldTree();
  const [filters, setFilters] = useState<RecordFilters>(applied);

  const apply = (next: RecordFilters = filters) => onApply(recordFiltersOf(next));
  const change = (patch: Partial<RecordFilters>, now = false) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    if (now) apply(next);
  };
  const label = (field: string, text: string) => (
    <Typography.Text>
      <label htmlFor={`${id}-${field}`}>{text}</label>
    </Typography.Text>
  );

  return (
    <Flex vertical gap={8} role="search">
      <Flex gap={8} wrap align="center">
        <Radio.Group
          aria-label="时间范围"
          optionType="button"
          options={PERIOD_OPTIONS}
          value={hasDates(filters) ? undefined : filters.time_limits}
          onChange={(event) =>
            change({ time_limits: periodOf(event.target.value), start_time: '', end_time: '' }, true)
          }
        />
        {label('start', '开始日期')}
        <DatePicker
          id={`${id}-start`}
          value={asDay(filters.start_time)}
          onChange={(day: Dayjs | null) => change({ start_time: day ? day.format('YYYY-MM-DD') : '' }, true)}
          disabledDate={(day) => filters.end_time !== '' && day.format('YYYY-MM-DD') > filters.end_time}
          placeholder="开始日期"
          style={{ width: 140 }}
        />
        {label('end', '结束日期')}
        <DatePicker
          id={`${id}-end`}
          value={asDay(filters.end_time)}
          onChange={(day: Dayjs | null) => change({ end_time: day ? day.format('YYYY-MM-DD') : '' }, true)}
          disabledDate={(day) => filters.start_time !== '' && day.format('YYYY-MM-DD') < filters.start_time}
          placeholder="结束日期"
          style={{ width: 140 }}
        />
        {label('hold', '组织')}
        <div style={{ width: 220 }}>
          <HoldSelect
            id={`${id}-hold`}
            value={filters.holdId || rootHoldId(tree.data ?? [])}
            onChange={(holdId) => change({ holdId }, true)}
          />
        </div>
        <Checkbox
          checked={filters.includeChildren}
          onChange={(event) => change({ includeChildren: event.target.checked }, true)}
        >
          包含下级
        </Checkbox>
        {withDevice && (
          <Checkbox
            checked={filters.flagged_only}
            onChange={(event) => change({ flagged_only: event.target.checked }, true)}
          >
            仅看异常标记
          </Checkbox>
        )}
      </Flex>
      <Flex gap={8} wrap align="center">
        {TEXT_FIELDS.filter((item) => withDevice || !item.device).map(({ field, label: text }) => (
          <Flex key={field} gap={8} align="center">
            {label(field, text)}
            <Input
              id={`${id}-${field}`}
              value={filters[field]}
              onChange={(event) => change({ [field]: event.target.value })}
              onPressEnter={() => apply()}
              placeholder={`输入${text}`}
              allowClear
              maxLength={100}
              style={{ width: 160 }}
            />
          </Flex>
        ))}
        <Button type="primary" icon={<SearchOutlined />} onClick={() => apply()}>
          搜索
        </Button>
        <ExportButton run={onExport} />
      </Flex>
    </Flex>
  );
}
