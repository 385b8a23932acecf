import { PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import { REPORT_GROUPS, REPORT_GROUP_TEXT, type ReportGroup } from '@guard-tour/contract';
import { Button, Checkbox, Flex, Radio, Select, Typography } from 'antd';
import { useId } from 'react';
import { DaySpanPicker } from '../../components/day-span-picker';
import { ExportButton } from '../../components/export-button';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useAccountOptions, useRoadOptions } from '../../components/use-options';
import type { ReportFilters } from './report-filters';

const GROUP_OPTIONS = REPORT_GROUPS.map((value) => ({ value, label: REPORT_GROUP_TEXT[value] }));

/** An account as the picker shows it: 张伟(zhangwei), or the account alone when it has no name. */
function accountLabel(account: { true_name: string; user_name: string }): string {
  const name = account.true_name?.trim();
  return name ? `${name}(${account.user_name})` : account.user_name;
}

interface ReportFilterBarProps {
  filters: ReportFilters;
  /** The organisation the pickers offer roads and accounts of (the picked one, or the caller's own). */
  holdId: number | undefined;
  /** A choice applies at once. */
  onApply: (filters: ReportFilters) => void;
  /** 查询: asks again with the filters as they are. */
  onSearch: () => void;
  onExport: () => Promise<string>;
  onPrint: () => void;
}

/**
 * The filters of 漏检报表: a quick span or two dates (at most 366 days), 包含下级, the grouping (路线, 巡检人, 组织,
 * 日期), a road and an account; each choice applies at once, 查询 asks again; 导出 and 打印 cover every group.
 */
export function ReportFilterBar({ filters, holdId, onApply, onSearch, onExport, onPrint }: ReportFilterBarProps) {
  const id = useId();
  const roads = useRoadOptions(holdId);
  const accounts = useAccountOptions(holdId);
  useLoadErrorMessage(roads, accounts);

  const change = (patch: Partial<ReportFilters>) => onApply({ ...filters, ...patch });
  const label = (field: string, text: string) => (
    <Typography.Text>
      <label htmlFor={`${id}-${field}`}>{text}</label>
    </Typography.Text>
  );

  return (
    <Flex vertical gap={8} role="search">
      <Flex gap={8} wrap align="center">
        <DaySpanPicker value={filters} onChange={(span) => change(span)} />
        <Checkbox
          checked={filters.includeChildren}
          onChange={(event) => change({ includeChildren: event.target.checked })}
        >
          包含下级
        </Checkbox>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Typography.Text>分组</Typography.Text>
        <Radio.Group
          aria-label="分组"
          name={`${id}-group`}
          optionType="button"
          buttonStyle="solid"
          options={GROUP_OPTIONS}
          value={filters.group_by}
          onChange={(event) => change({ group_by: event.target.value as ReportGroup })}
        />
        {label('road', '路线')}
        <Select<number>
          id={`${id}-road`}
          aria-label="路线"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部路线"
          value={filters.road_id}
          onChange={(road_id) => change({ road_id: road_id ?? undefined })}
          loading={roads.isPending && holdId !== undefined}
          notFoundContent={roads.isPending ? '加载中…' : '暂无路线'}
          options={(roads.data ?? []).map((road) => ({ value: road.road_id, label: road.road_name || '—' }))}
          style={{ width: 180 }}
        />
        {label('user', '账号')}
        <Select<number>
          id={`${id}-user`}
          aria-label="账号"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部账号"
          value={filters.user_id}
          onChange={(user_id) => change({ user_id: user_id ?? undefined })}
          loading={accounts.isPending && holdId !== undefined}
          notFoundContent={accounts.isPending ? '加载中…' : '暂无账号'}
          options={(accounts.data ?? []).map((account) => ({ value: account.user_id, label: accountLabel(account) }))}
          style={{ width: 180 }}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
          查询
        </Button>
        <ExportButton run={onExport} />
        <Button icon={<PrinterOutlined />} onClick={onPrint}>
          打印
        </Button>
      </Flex>
    </Flex>
  );
}
