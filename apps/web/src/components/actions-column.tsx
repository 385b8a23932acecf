import { Button, Space, type TableColumnType } from 'antd';
import { NOWRAP } from './cells';

/**
 * What a list row offers: 查看, 编辑, 删除; a delete may be left out for some rows (organisation 1, oneself). An
 * action the account's role may not use is left out (undefined); with none left the column is hidden.
 */
export interface RowActions<Row> {
  onView?: ((row: Row) => void) | undefined;
  onEdit?: ((row: Row) => void) | undefined;
  onDelete?: ((row: Row) => void) | undefined;
  canDelete?: (row: Row) => boolean;
}

/** The 操作 column of a list: links for each action the screen offers, on one line. */
export function actionsColumn<Row>(
  { onView, onEdit, onDelete, canDelete = () => true }: RowActions<Row>,
  extra: Pick<TableColumnType<Row>, 'fixed'> = {},
): TableColumnType<Row> {
  const offered = [onView, onEdit, onDelete].filter(Boolean).length;
  return {
    title: '操作',
    key: 'actions',
    width: offered >= 3 ? 150 : offered === 2 ? 120 : 72,
    hidden: offered === 0,
    ...extra,
    ...NOWRAP,
    render: (_, row) => (
      <Space size={0}>
        {onView && (
          <Button type="link" size="small" onClick={() => onView(row)}>
            查看
          </Button>
        )}
        {onEdit && (
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            编辑
          </Button>
        )}
        {onDelete && canDelete(row) && (
          <Button type="link" size="small" danger onClick={() => onDelete(row)}>
            删除
          </Button>
        )}
      </Space>
    ),
  };
}

/** The row actions a role that may not edit keeps: only 查看, where the screen has it. */
export function editableActions<Row>(canEdit: boolean, actions: RowActions<Row>): RowActions<Row> {
  return canEdit ? actions : { onView: actions.onView };
}
