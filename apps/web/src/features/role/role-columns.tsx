import type { RoleRow } from '@guard-tour/contract';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';

export interface RoleActions {
  onView: (row: RoleRow) => void;
  /** Absent for an account that may not manage roles. */
  onEdit?: ((row: RoleRow) => void) | undefined;
  onDelete?: ((row: RoleRow) => void) | undefined;
}

/**
 * 角色管理: name, organisation, 内置 / 自定义, how many accounts hold it, remark; a built-in role can only be looked
 * at (查看), a custom one edited and deleted.
 */
export function roleColumns({ onView, onEdit, onDelete }: RoleActions): TableColumnsType<RoleRow> {
  return [
    { title: '角色名称', dataIndex: 'role_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    {
      title: '类型',
      dataIndex: 'builtin',
      width: 90,
      ...NOWRAP,
      render: (builtin: boolean) => (builtin ? <Tag color="blue">内置</Tag> : <Tag color="green">自定义</Tag>),
    },
    { title: '账号数', dataIndex: 'account_count', width: 80, ...NOWRAP, render: (value: number) => value ?? 0 },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      ...NOWRAP,
      render: (_, row) =>
        row.builtin || !onEdit ? (
          <Button type="link" size="small" onClick={() => onView(row)}>
            查看
          </Button>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onEdit(row)}>
              编辑
            </Button>
            {onDelete && (
              <Button type="link" size="small" danger onClick={() => onDelete(row)}>
                删除
              </Button>
            )}
          </Space>
        ),
    },
  ];
}
