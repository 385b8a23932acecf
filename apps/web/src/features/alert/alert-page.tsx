import { AlertState, type AlertRow } from '@guard-tour/contract';
import { useMemo, useState } from 'react';
import { useCan } from '../../api/use-can';
import { TreeListPage } from '../../components/tree-list-page';
import { usePagedList } from '../../components/use-paged-list';
import { ALERT_LIST_KEY, listAlerts } from './api';
import { ALERT_TABLE_WIDTH, alertColumns } from './alert-columns';
import { AlertFilterBar } from './alert-filter-bar';
import { alertFiltersOf, type AlertFilters } from './alert-filters';
import { HandleDialog } from './handle-dialog';
import { OfflineSettingsDialog } from './offline-settings-dialog';

type Dialog = { kind: 'handle'; ids: number[] } | { kind: 'offline' };

/**
 * 告警管理 (/sys/alerts): the alerts of the picked organisation (and below), newest first, by kind, state and day;
 * 处理 one or the selected ones with a note; 离线设置 for the enterprise's 终端离线 hours.
 */
export function AlertPage() {
  // New alerts arrive behind the screen (and refresh it): every visit reads afresh.
  const list = usePagedList<AlertRow>(ALERT_LIST_KEY, listAlerts, { staleTime: 0 });
  const filters = alertFiltersOf(list.params.filters);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // 处理, 处理所选 and 离线设置 are for a role that handles alerts.
  const canHandle = useCan()('alert.handle');

  // The selection counts on the open alerts shown: another page, filter or a handle leaves the rest behind.
  const rows = list.query.data?.rows;
  const shownSelected = useMemo(
    () => selected.filter((id) => rows?.some((row) => row.alert_id === id && row.state === AlertState.open)),
    [selected, rows],
  );
  const apply = (next: AlertFilters) => list.searchWith({ ...next });

  return (
    <TreeListPage<AlertRow>
      label="告警列表"
      list={list}
      columns={alertColumns(canHandle ? (row) => setDialog({ kind: 'handle', ids: [row.alert_id] }) : undefined)}
      rowKey="alert_id"
      scrollX={ALERT_TABLE_WIDTH}
      emptyText="暂无告警"
      rowSelection={
        canHandle
          ? {
              selectedRowKeys: shownSelected,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (row) => ({ disabled: row.state !== AlertState.open }),
            }
          : undefined
      }
      toolbar={
        <AlertFilterBar
          filters={filters}
          onApply={apply}
          onSearch={() => apply(filters)}
          selected={shownSelected.length}
          onHandleSelected={canHandle ? () => setDialog({ kind: 'handle', ids: shownSelected }) : undefined}
          onOfflineSettings={canHandle ? () => setDialog({ kind: 'offline' }) : undefined}
        />
      }
    >
      {dialog?.kind === 'handle' && (
        <HandleDialog
          alertIds={dialog.ids}
          onDone={() => {
            setSelected((current) => current.filter((id) => !dialog.ids.includes(id)));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'offline' && (
        <OfflineSettingsDialog holdId={list.params.holdId} onClose={() => setDialog(null)} />
      )}
    </TreeListPage>
  );
}
