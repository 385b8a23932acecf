import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardTotalsInput,
  downloadExportQuery,
  punchExportInput,
  punchListInput,
  recordExportInput,
  recordListInput,
  recordMessages,
} from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { XLSX_TYPE, attachment } from '../../http/download.js';
import { fail, ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import { exportForDownload } from './export.service.js';
import * as records from './record.service.js';
import * as recordExports from './record-export.service.js';

const tags = ['巡检记录'];

export const recordRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/PatrolLog/List',
    { schema: { tags, summary: '设备统计、人员统计：打卡记录', body: punchListInput } },
    async (request) => {
      const page = await records.listPunches(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.post(
    '/PatrolLog/List_Export',
    { schema: { tags, summary: '导出设备统计或人员统计（data 为文件名，无数据时为空）', body: punchExportInput } },
    async (request) =>
      ok(await recordExports.exportPunches(ctx, scopeOf(ctx, request), request.body, 'log', request.ip)),
  );

  app.post(
    '/PatrolClockIn/GetPatrolClockInList',
    { schema: { tags, summary: '打卡数据', body: punchListInput } },
    async (request) => {
      const page = await records.listPunches(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.post(
    '/PatrolClockIn/ExportPatrolClockInList',
    { schema: { tags, summary: '导出打卡数据（data 为文件名，无数据时为空）', body: punchExportInput } },
    async (request) =>
      ok(await recordExports.exportPunches(ctx, scopeOf(ctx, request), request.body, 'clockIn', request.ip)),
  );

  app.post('/PatrolData/Records', { schema: { tags, summary: '巡检记录', body: recordListInput } }, async (request) => {
    const page = await records.listRecords(ctx, scopeOf(ctx, request), request.body);
    return ok(page.rows, page.total);
  });

  app.post(
    '/PatrolData/ExportRecords',
    { schema: { tags, summary: '导出巡检记录（data 为文件名，无数据时为空）', body: recordExportInput } },
    async (request) => ok(await recordExports.exportRecords(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.post(
    '/PatrolData/TotalByPatrolCard',
    { schema: { tags, summary: '巡检点统计：每卡每日打卡次数', body: cardTotalsInput } },
    async (request) => {
      const page = await records.cardTotals(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.post(
    '/PatrolData/ExportTotalByPatrolCard',
    { schema: { tags, summary: '导出巡检点统计（data 为文件名，无数据时为空）', body: recordExportInput } },
    async (request) => ok(await recordExports.exportCardTotals(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  // Opened as a plain link (no bearer header): the file name itself is the credential (API.md, Files).
  app.get(
    '/file/download_excelfile',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['文件'],
        summary: '下载导出文件（文件名即凭证，一小时内有效）',
        querystring: downloadExportQuery,
      },
    },
    async (request, reply) => {
      const file = await exportForDownload(ctx, request.query.fileName);
      if (!file) return reply.status(404).send(fail(404, recordMessages.fileGone));
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.fileName, file.asciiName))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file.path));
    },
  );
};
