import type { ShiftRow } from '@guard-tour/contract';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { useCan } from '../../api/use-can';
import { TreeListLayout } from '../../components/tree-list-layout';
import { useRemoveShift, useShifts } from './api';
import { ShiftForm } from './shift-form';

/** 班次管理 (/patrol/shifts): the shifts of the organisation picked in the tree (and those it may use above it). */
export function ShiftPage() {
  const { message } = App.useApp();
  const can = useCan();
  const [holdId, setHoldId] = useState<number | undefined>();
  const shifts = useShifts(holdId);
  const remove = useRemoveShift();
  const [dialog, setDialog] = useState<{ row: ShiftRow } | { holdId: number | undefined } | null>(null);
  const editable = can('shift.edit');

  return (
    <TreeListLayout
      holdId={holdId}
      onPickHold={setHoldId}
      toolbar={
        <Flex gap={8}>
          {editable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ holdId })}>
              新增
            </Button>
          )}
        </Flex>
      }
    >
      <Table<ShiftRow>
        aria-label="班次列表"
        rowKey="shift_id"
        size="middle"
        loading={shifts.isPending}
        dataSource={shifts.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无班次' }}
        columns={[
          {
            title: '班次名称',
            dataIndex: 'shift_name',
            render: (name: string, row) => <Tag color={row.color}>{name}</Tag>,
          },
          { title: '所属组织', dataIndex: 'hold_name' },
          {
            title: '时间',
            key: 'window',
            render: (_, row) => `${row.start_time}-${row.end_time}${row.end_time <= row.start_time ? '（次日）' : ''}`,
          },
          { title: '迟到宽限', dataIndex: 'grace_minutes', render: (m: number) => `${m} 分钟` },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 140,
                  render: (_: unknown, row: ShiftRow) => (
                    <Space>
                      <Button type="link" size="small" onClick={() => setDialog({ row })}>
                        编辑
                      </Button>
                      <Popconfirm
                        title={`确定删除班次「${row.shift_name}」吗？`}
                        okText="删除"
                        cancelText="取消"
                        onConfirm={async () => {
                          try {
                            await remove.mutateAsync(row.shift_id);
                            message.success('删除成功');
                          } catch (error) {
                            message.error(errorText(error, '删除失败'));
                          }
                        }}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog && <ShiftForm subject={dialog} onClose={() => setDialog(null)} />}
    </TreeListLayout>
  );
}
