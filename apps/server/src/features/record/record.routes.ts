import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { calls, recordMessages } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { exportForDownload } from '../../export/export.service.js';
import { routesOf } from '../../http/calls.js';
import { XLSX_TYPE, attachment } from '../../http/download.js';
import { fail } from '../../http/envelope.js';
import * as records from './record.service.js';
import * as recordExports from './record-export.service.js';

/**
 * An export's file as a download, or 404 with the envelope's reason when it is gone (API.md, Files). Opened as a
 * plain link (no bearer header): the file name itself is the credential.
 */
async function sendExport(ctx: AppContext, reply: FastifyReply, fileName: string | undefined): Promise<FastifyReply> {
  const file = await exportForDownload(ctx, fileName);
  if (!file) return reply.status(404).send(fail(404, recordMessages.fileGone));
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-length', file.size)
    .header('content-disposition', attachment(file.fileName, file.asciiName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(file.path));
}

export const recordRoutes = routesOf(calls.record, (ctx) => ({
  listPatrolLog: ({ scope, input }) => records.listPunches(ctx, scope, input),
  exportPatrolLog: ({ scope, input }) => recordExports.exportPunches(ctx, scope, input, 'log'),
  listClockIn: ({ scope, input }) => records.listPunches(ctx, scope, input),
  exportClockIn: ({ scope, input }) => recordExports.exportPunches(ctx, scope, input, 'clockIn'),
  listRecords: ({ scope, input }) => records.listRecords(ctx, scope, input),
  exportRecords: ({ scope, input }) => recordExports.exportRecords(ctx, scope, input),
  listCardTotals: ({ scope, input }) => records.cardTotals(ctx, scope, input),
  exportCardTotals: ({ scope, input }) => recordExports.exportCardTotals(ctx, scope, input),
  downloadExport: ({ input, reply }) => sendExport(ctx, reply, input.fileName),
}));
