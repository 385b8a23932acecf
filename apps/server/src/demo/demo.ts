import type { AppContext } from '../context.js';
import { operatorScope } from './demo-caller.js';
import { fillDemoHolds } from './demo-holds.js';

export { DEMO_PASSWORD } from './demo-holds.js';

/**
 * Fills the demo tenant on a new database (DOMAIN.md, Demo data), through the same services as a
 * person's calls. Each area adds its part here as it is built.
 */
export async function fillDemo(ctx: AppContext): Promise<void> {
  const scope = await operatorScope(ctx);
  await fillDemoHolds(ctx, scope);
}
