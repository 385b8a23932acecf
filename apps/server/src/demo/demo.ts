import type { AppContext } from '../context.js';
import { operatorScope } from './demo-caller.js';
import { fillDemoAssets } from './demo-assets.js';
import { fillDemoHolds } from './demo-holds.js';
import { fillDemoInspection } from './demo-inspection.js';
import { fillDemoPhone } from './demo-phone.js';
import { fillDemoPunches } from './demo-punches.js';
import { fillDemoRoads } from './demo-roads.js';
import { fillDemoRoster } from './demo-roster.js';

export { DEMO_PASSWORD } from '../named-accounts.js';
export { topUpDemoPunches } from './demo-punches.js';

/** How far back the demo tenant's history reaches. */
export const DEMO_DAYS = 60;

/**
 * Fills the demo tenant on a new database (DOMAIN.md, Demo data), through the same services as a person's
 * calls and the terminals' uploads. The tenant is set up as if 60 days ago, then lives through those days.
 */
export async function fillDemo(ctx: AppContext, days = DEMO_DAYS): Promise<{ punches: number }> {
  const start = new Date(ctx.now().getTime() - days * 86_400_000);
  const past: AppContext = { ...ctx, now: () => start };
  const scope = await operatorScope(past);
  const ids = await fillDemoHolds(past, scope);
  const assets = await fillDemoAssets(past, scope, ids);
  await fillDemoRoads(past, scope, ids, assets);
  // 张伟's phone and yesterday's morning round walked with it, each punch with where the phone was (SAFETY.md):
  // stored before the readers' weeks, whose end stores and freezes the rounds with the phone's checks in them.
  const phonePunches = await fillDemoPhone(ctx, await operatorScope(ctx), ids, assets);
  const punches = await fillDemoPunches(ctx, start);
  // The roster is made today, with the month gone by and the week ahead (its 上岗 written for the shifts begun).
  await fillDemoRoster(ctx, await operatorScope(ctx), ids);
  // 检查表 on two points and hazards in every state, found by the latest punches there (INSPECTION.md).
  await fillDemoInspection(ctx, await operatorScope(ctx), ids);
  return { punches: punches + phonePunches };
}
