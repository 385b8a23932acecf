import { PlusOutlined } from '@ant-design/icons';
import type { TaskRow } from '@guard-tour/contract';
import { Button, Checkbox, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/use-can';
import { editableActions } from '../../components/actions-column';
import { ListToolbar } from '../../components/list-toolbar';
import { STATUS_FILTER_OPTIONS } from '../../components/status-tag';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { listTasks, useRemoveTask } from './api';
import { QUERY_KEYS } from '../../api/query-keys';
import { TASK_TABLE_WIDTH, taskColumns } from './task-columns';
import { TaskForm, type TaskDialogSubject } from './task-form';

/** The filters applied with the task name on 搜索. */
interface TaskFilters {
  status: number;
  road_name: string;
  includeChildren: boolean;
}

/** 巡检任务: tasks of the picked organisation (and below, at first) by status, task name and road name. */
export function TaskPage() {
  const { list, pickedHoldId } = useTreeList<TaskRow>([...QUERY_KEYS.task, 'list'], listTasks);
  const [filters, setFilters] = useState<TaskFilters>({ status: -1, road_name: '', includeChildren: true });
  const [dialog, setDialog] = useState<TaskDialogSubject | null>(null);
  const remove = useRemoveTask();
  const confirmDelete = useConfirmDelete();
  const canEdit = useCan()('task.edit');

  const search = (next: TaskFilters = filters) => list.searchWith({ ...next, road_name: next.road_name.trim() });
  const change = (patch: Partial<TaskFilters>, apply = false) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    if (apply) search(next);
  };

  const columns = taskColumns(
    editableActions(canEdit, {
      onView: (row) => setDialog({ mode: 'view', row }),
      onEdit: (row) => setDialog({ mode: 'edit', row }),
      onDelete: (row) =>
        confirmDelete('任务', () => remove.mutateAsync(row.task_id), { exceptionText: '处理发生异常' }),
    }),
  );

  return (
    <TreeListPage<TaskRow>
      label="任务列表"
      list={list}
      columns={columns}
      rowKey="task_id"
      scrollX={TASK_TABLE_WIDTH}
      toolbar={
        <ListToolbar
          label="任务名称"
          placeholder="输入任务名称"
          value={list.draft}
          onChange={list.setDraft}
          onSearch={() => search()}
          searchText="搜索"
          leading={
            <>
              <Typography.Text>
                <label htmlFor="task-status-filter">状态</label>
              </Typography.Text>
              <Select<number>
                id="task-status-filter"
                value={filters.status}
                onChange={(status) => change({ status }, true)}
                options={STATUS_FILTER_OPTIONS}
                style={{ width: 100 }}
              />
            </>
          }
          options={
            <>
              <Typography.Text>
                <label htmlFor="task-road-filter">线路名称</label>
              </Typography.Text>
              <Input
                id="task-road-filter"
                value={filters.road_name}
                onChange={(event) => change({ road_name: event.target.value })}
                onPressEnter={() => search()}
                placeholder="输入线路名称"
                allowClear
                maxLength={100}
                style={{ width: 150 }}
              />
              <Checkbox
                checked={filters.includeChildren}
                onChange={(event) => change({ includeChildren: event.target.checked }, true)}
              >
                包含下级
              </Checkbox>
            </>
          }
          extra={
            canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', holdId: pickedHoldId })}>
                新增
              </Button>
            )
          }
        />
      }
    >
      {dialog && <TaskForm subject={dialog} onClose={() => setDialog(null)} />}
    </TreeListPage>
  );
}
