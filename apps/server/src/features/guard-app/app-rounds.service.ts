import type { AppRound } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { localDate } from '../../domain/time.js';
import type { Scope } from '../../http/scope.js';
import { freshRounds } from '../round/round.service.js';
import * as repo from './guard-app.repository.js';

/** `Terminal/AppRounds`: today's rounds of the roads the caller walks, with each point's first check. */
export async function appRounds(ctx: AppContext, scope: Scope): Promise<AppRound[]> {
  await freshRounds(ctx);
  const { caller } = scope;
  return repo.roundsOfWalker(
    ctx.db,
    ctx.config.tzName,
    { userId: caller.userId, holdPath: caller.holdPath },
    localDate(ctx.now(), ctx.config.tzName),
  );
}

/** Where the guard app lives: PUBLIC_URL's, or the asking request's origin, and `/m/` (what labels encode). */
export function appAddress(ctx: AppContext, requestOrigin: string): { url: string } {
  return { url: `${ctx.config.publicUrl ?? requestOrigin}/m/` };
}
