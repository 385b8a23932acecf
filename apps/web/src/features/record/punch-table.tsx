import type { PunchRow } from '@guard-tour/contract';
import { ListTable, type ListTableProps } from '../../components/list-table';
import type { PagedList } from '../../components/use-paged-list';
import { PUNCH_TABLE_COLUMNS } from './record-columns';

/**
 * Ten columns on one line each and the punch's 事件 (a note and up to three thumbnails): narrower screens scroll the
 * table sideways rather than wrap every cell.
 */
const PUNCH_TABLE_WIDTH = 1470;

/** The punch table's columns, row key and width, for a ListTable or a TreeListPage. */
export const PUNCH_TABLE = {
  columns: PUNCH_TABLE_COLUMNS,
  rowKey: 'punch_id',
  scrollX: PUNCH_TABLE_WIDTH,
} as const satisfies Pick<ListTableProps<PunchRow>, 'columns' | 'rowKey' | 'scrollX'>;

/** The punch table every record screen but 巡检点统计 shows. */
export function PunchTable({ label, list }: { label: string; list: PagedList<PunchRow> }) {
  return <ListTable<PunchRow> label={label} list={list} {...PUNCH_TABLE} />;
}
