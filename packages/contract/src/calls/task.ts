import { z } from 'zod';
import { area, call, done, list } from '../call.js';
import { savedId } from '../common.js';
import { roadOption } from '../road.js';
import { removeTaskInput, roadOptionsQuery, saveTaskInput, taskIdQuery, taskListInput, taskRow } from '../task.js';

export const taskCalls = area('巡检任务', {
  listTasks: list('POST', '/api/RoadTask/GetRoadTaskList', {
    permission: 'task.view',
    summary: '任务列表',
    input: taskListInput,
    row: taskRow,
  }),
  taskDetail: call('GET', '/api/RoadTask/GetRoadTaskDetail', {
    permission: 'task.view',
    summary: '任务详情',
    input: taskIdQuery,
    output: taskRow,
  }),
  roadOptions: call('GET', '/api/RoadTask/GetRoadOptions', {
    permission: ['task.view', 'record.view'],
    summary: '线路选项',
    input: roadOptionsQuery,
    output: z.array(roadOption),
  }),
  saveTask: call('POST', '/api/RoadTask/SaveRoadTask', {
    permission: 'task.edit',
    summary: '保存任务',
    input: saveTaskInput,
    output: savedId('task_id'),
  }),
  removeTasks: call('POST', '/api/RoadTask/RemoveRoadTask', {
    permission: 'task.edit',
    summary: '删除任务',
    input: removeTaskInput,
    output: done,
  }),
});
