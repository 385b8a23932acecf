import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import { roadOptions } from '../road/road.service.js';
import * as tasks from './task.service.js';

export const taskRoutes = routesOf(calls.task, (ctx) => ({
  listTasks: ({ scope, input }) => tasks.listTasks(ctx, scope, input),
  taskDetail: ({ scope, input }) => tasks.taskDetail(ctx, scope, input.task_id),
  roadOptions: ({ scope, input }) => roadOptions(ctx, scope, input.holdId),
  saveTask: ({ scope, input }) => tasks.saveTask(ctx, scope, input),
  removeTasks: ({ scope, input }) => tasks.removeTasks(ctx, scope, input.task_ids),
}));
