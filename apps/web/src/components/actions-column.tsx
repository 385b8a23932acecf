import { Button, Space, type TableColumnType } from 'antd';
import { NOWRAP } from './cells';

/** What a list row offers: 查看, 编辑, 删除; a delete may be left out for some rows (organisation 1, oneself). */
export interface RowActions<Row> {
  onView?: (row: Row) => void;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  canDelete?: (row: Row) => boolean;
}

/** The 操作 column of a list: links for each action the screen offers, on one line. */
export function actionsColumn<Row>(
  { onView, onEdit, onDelete, canDelete = () => true }: RowActions<Row>,
  extra: Pick<TableColumnType<Row>, 'fixed'> = {},
): TableColumnType<Row> {
  return {
    title: '操作',
    key: 'actions',
    width: onView ? 150 : 120,
    ...extra,
    ...NOWRAP,
    render: (_, row) => (
      <Space size={0}>
        {onView && (
          <Button type="link" size="small" onClick={() => onView(row)}>
            查看
          </Button>
        )}
        <Button type="link" size="small" onClick={() => onEdit(row)}>
          编辑
        </Button>
        {canDelete(row) && (
          <Button type="link" size="small" danger onClick={() => onDelete(row)}>
            删除
          </Button>
        )}
      </Space>
    ),
  };
}
