import type { PunchRow, PunchSearchType, TimeRangeCode } from '@guard-tour/contract';
import { Checkbox, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { ExportButton } from '../../components/export-button';
import { ListToolbar } from '../../components/list-toolbar';
import { PeriodTags } from '../../components/period-tags';
import type { PagedList } from '../../components/use-paged-list';
import { exportPunches } from './api';
import { PUNCH_SEARCH_OPTIONS, punchFiltersOf, type PunchFilters, type PunchScreen } from './record-filters';

interface PunchToolbarProps {
  screen: PunchScreen;
  list: PagedList<PunchRow>;
  /** Before the period tags: 人员统计's organisation button. */
  leading?: ReactNode;
}

/**
 * The filter bar of 打卡数据, 设备统计 and 人员统计: period tags and 仅看异常标记 (a click queries at once), search
 * type, keyword, 查询 and 导出. The export covers what the table shows, every page of it.
 */
export function PunchToolbar({ screen, list, leading }: PunchToolbarProps) {
  const [filters, setFilters] = useState<PunchFilters>(() => punchFiltersOf(list.params.filters, screen));
  const typeLabel = PUNCH_SEARCH_OPTIONS.find((option) => option.value === filters.search_type)?.label ?? '关键字';

  const search = (next: PunchFilters = filters) => list.searchWith({ ...next });
  const applyNow = (patch: Partial<PunchFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    search(next);
  };
  const pickPeriod = (time_range: TimeRangeCode) => applyNow({ time_range });

  return (
    <ListToolbar
      label="关键字"
      placeholder={`输入${typeLabel}查询`}
      value={list.draft}
      onChange={list.setDraft}
      onSearch={() => search()}
      leading={
        <>
          {leading}
          <PeriodTags value={filters.time_range} onChange={pickPeriod} />
        </>
      }
      filter={
        <Select<PunchSearchType>
          aria-label="查询类型"
          value={filters.search_type}
          onChange={(search_type) => setFilters({ ...filters, search_type })}
          options={PUNCH_SEARCH_OPTIONS}
          style={{ width: 120 }}
        />
      }
      options={
        <Checkbox checked={filters.flagged_only} onChange={(event) => applyNow({ flagged_only: event.target.checked })}>
          仅看异常标记
        </Checkbox>
      }
      extra={<ExportButton run={() => exportPunches(screen, list.params)} />}
    />
  );
}
