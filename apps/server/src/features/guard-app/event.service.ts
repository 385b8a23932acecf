import type { EventRow, Page, eventListInput } from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { pageWindow } from '../../db/sql.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import type { Scope } from '../scope.js';
import * as repo from './guard-app.repository.js';

/** 事件记录: the punches of the span that carry a note or photos, in the caller's scope, newest first. */
export async function listEvents(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof eventListInput>,
): Promise<Page<EventRow>> {
  const tz = ctx.config.tzName;
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  return repo.listEvents(
    ctx.db,
    tz,
    {
      holdIds,
      from: zonedInstant(input.start_date, 0, tz),
      to: zonedInstant(addDays(input.end_date, 1), 0, tz),
    },
    pageWindow(input),
  );
}
