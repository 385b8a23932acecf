import type { AppRound, appRoundsQuery } from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { localDate } from '../../domain/time.js';
import type { Scope } from '../scope.js';
import { pointChecklists } from '../inspection/checklist.service.js';
import { freshRounds } from '../round/round.service.js';
import { boundPhone } from './app-device.service.js';
import * as repo from './guard-app.repository.js';

/**
 * `Terminal/AppRounds`: today's rounds of the roads the caller walks and, when it names its phone, of the tasks
 * bound to that phone, with each point's first check. Without `device_no` only the account's own roads (nothing a
 * phone vouches for); naming a phone needs it to be the one the session registered (403 otherwise, as AppPunches).
 */
export async function appRounds(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof appRoundsQuery>,
): Promise<AppRound[]> {
  await freshRounds(ctx);
  const { caller } = scope;
  const phone = input.device_no ? await boundPhone(ctx, scope, input.device_no) : null;
  const rounds = await repo.roundsOfWalker(
    ctx.db,
    ctx.config.tzName,
    { userId: caller.userId, holdPath: caller.holdPath, phoneId: phone?.object_id ?? null },
    localDate(ctx.now(), ctx.config.tzName),
  );
  // Each point's checklist (INSPECTION.md), asked after the check; null where it has none.
  const checklists = await pointChecklists(ctx.db, [
    ...new Set(rounds.flatMap((round) => round.points.map((point) => point.patrol_id))),
  ]);
  return rounds.map((round) => ({
    ...round,
    points: round.points.map((point) => ({ ...point, checklist: checklists.get(point.patrol_id) ?? null })),
  }));
}

/** Where the guard app lives: PUBLIC_URL's, or the asking request's origin, and `/m/` (what labels encode). */
export function appAddress(ctx: AppContext, requestOrigin: string): { url: string } {
  return { url: `${ctx.config.publicUrl ?? requestOrigin}/m/` };
}
