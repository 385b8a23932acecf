import { LogType, type Page, type SysLogRow, type sysLogListInput } from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Scope } from '../scope.js';
import * as repo from './syslog.repository.js';

/** Operation logs (`logType: []`) or login logs (`logType: [1]`) of the chosen organisation and below. */
export async function listLogs(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof sysLogListInput>,
): Promise<Page<SysLogRow>> {
  const holdIds = await scope.holdIds(input.holdId, true);
  const logins = input.logType.includes(LogType.login);
  return repo.listLogs(ctx.db, ctx.config.tzName, { holdIds, logins, key: input.key }, input);
}
