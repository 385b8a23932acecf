import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { removeTaskInput, roadOptionsQuery, saveTaskInput, taskIdQuery, taskListInput } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import { roadOptions } from '../road/road.service.js';
import * as tasks from './task.service.js';

const tags = ['巡检任务'];

export const taskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/RoadTask/GetRoadTaskList',
    { schema: { tags, summary: '任务列表', body: taskListInput } },
    async (request) => {
      const page = await tasks.listTasks(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.get(
    '/RoadTask/GetRoadTaskDetail',
    { schema: { tags, summary: '任务详情', querystring: taskIdQuery } },
    async (request) => ok(await tasks.taskDetail(ctx, scopeOf(ctx, request), request.query.task_id)),
  );

  app.get(
    '/RoadTask/GetRoadOptions',
    { schema: { tags, summary: '线路选项', querystring: roadOptionsQuery } },
    async (request) => ok(await roadOptions(ctx, scopeOf(ctx, request), request.query.hold_id)),
  );

  app.post('/RoadTask/SaveRoadTask', { schema: { tags, summary: '保存任务', body: saveTaskInput } }, async (request) =>
    ok(await tasks.saveTask(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.post(
    '/RoadTask/RemoveRoadTask',
    { schema: { tags, summary: '删除任务', body: removeTaskInput } },
    async (request) => {
      await tasks.removeTasks(ctx, scopeOf(ctx, request), request.body.task_ids, request.ip);
      return ok(null);
    },
  );
};
