import type { Page, PunchRow } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { pageWindow } from '../../db/sql.js';
import type { Paging } from '@guard-tour/contract';
import * as repo from './punch.repository.js';

/** Punches of the organisations in [from, to), newest first, paged with the exact total. */
export function punchesBetween(
  ctx: AppContext,
  holdIds: number[],
  from: Date,
  to: Date,
  paging: Paging,
): Promise<Page<PunchRow>> {
  return repo.punchesBetween(ctx.db, ctx.config.tzName, holdIds, from, to, pageWindow(paging));
}
