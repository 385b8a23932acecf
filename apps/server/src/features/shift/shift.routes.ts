import { calls } from '@guard-tour/contract';
import { attachment, XLSX_TYPE } from '../../http/download.js';
import { routesOf } from '../../http/calls.js';
import { localDate } from '../../domain/time.js';
import { addDays } from '../../domain/zoned-time.js';
import { tapDuty } from './duty.service.js';
import { readRosterFile, isImportDate, rosterTemplate } from './roster-sheet.js';
import * as roster from './roster.service.js';
import * as shifts from './shift.service.js';

export const shiftRoutes = routesOf(calls.shift, (ctx) => ({
  listShifts: ({ scope, input }) => shifts.listShifts(ctx, scope, input),
  saveShift: ({ scope, input }) => shifts.saveShift(ctx, scope, input),
  removeShifts: ({ scope, input }) => shifts.removeShifts(ctx, scope, input),
  rosterMonth: ({ scope, input }) => roster.rosterMonth(ctx, scope, input),
  saveRoster: ({ scope, input }) => roster.saveRoster(ctx, scope, input),
  copyRoster: ({ scope, input }) => roster.copyRoster(ctx, scope, input),
  importRoster: ({ scope, input }) => roster.importRoster(ctx, scope, input, readRosterFile, isImportDate),
  rosterTemplate: async ({ scope, input, reply }) => {
    const { rows } = await shifts.listShifts(ctx, scope, input);
    const example = rows[0]?.shift_name ?? '早班';
    const content = await rosterTemplate([
      [scope.caller.userName, scope.caller.trueName, localDate(ctx.now(), ctx.config.tzName), example],
      [scope.caller.userName, scope.caller.trueName, addDays(localDate(ctx.now(), ctx.config.tzName), 1), '休'],
    ]);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment('排班导入模板.xlsx', 'roster_template.xlsx'))
      .send(content);
  },
  onDuty: ({ scope, input }) => tapDuty(ctx, scope, input, 'on'),
  offDuty: ({ scope, input }) => tapDuty(ctx, scope, input, 'off'),
}));
