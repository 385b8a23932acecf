import type { PunchRow } from '@guard-tour/contract';
import { Card, Flex } from 'antd';
import { ListTable } from '../../components/list-table';
import { usePagedList } from '../../components/use-paged-list';
import { exportCardTotals, exportRecords, listCardTotals, listRecords, type CardTotalItem } from './api';
import { QUERY_KEYS } from '../../api/query-keys';
import { RecordFilterBar } from './record-filter-bar';
import { PunchTable } from './punch-table';
import { CARD_TOTAL_COLUMNS } from './record-columns';
import { recordFiltersOf } from './record-filters';

/** 巡检记录: punches by range or dates, organisation, card, point and device; exported as shown. */
export function RecordsPage() {
  const list = usePagedList<PunchRow>([...QUERY_KEYS.record, 'records'], listRecords, { staleTime: 0 });
  return (
    <Card size="small">
      <Flex vertical gap={12}>
        <RecordFilterBar
          applied={recordFiltersOf(list.params.filters)}
          onApply={(filters) => list.searchWith({ ...filters })}
          withDevice
          onExport={() => exportRecords(list.params)}
        />
        <PunchTable label="巡检记录列表" list={list} />
      </Flex>
    </Card>
  );
}

/** 巡检点统计: punches per card per day under the same filters, without the device fields. */
export function CardTotalsPage() {
  const list = usePagedList<CardTotalItem>([...QUERY_KEYS.record, 'card-totals'], listCardTotals, { staleTime: 0 });
  return (
    <Card size="small">
      <Flex vertical gap={12}>
        <RecordFilterBar
          applied={recordFiltersOf(list.params.filters)}
          onApply={(filters) => list.searchWith({ ...filters })}
          withDevice={false}
          onExport={() => exportCardTotals(list.params)}
        />
        <ListTable<CardTotalItem> label="巡检点统计列表" list={list} columns={CARD_TOTAL_COLUMNS} rowKey="row_key" />
      </Flex>
    </Card>
  );
}
