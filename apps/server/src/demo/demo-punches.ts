import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { appSetting } from '../db/schema.js';
import { localDate } from '../domain/time.js';
import { addDays } from '../domain/zoned-time.js';
import { uploadPunches } from '../features/punch/punch-upload.service.js';
import { ensureRounds, freezeEndedRounds } from '../features/round/round.service.js';
import { loadRoutes } from './demo-routes.js';
import { walk } from './punch-walk.js';

const UNTIL_KEY = 'demo_punches_until';
const DAY = 86_400_000;
/** Terminals here upload what they gathered once a week (the batches stay under 1,000 records). */
const STRETCH = 7 * DAY;
/** Terminals upload a few minutes after a stretch of punches. */
const UPLOAD_DELAY = 5 * 60_000;
const BATCH = 1000;

/**
 * Punches from `from` to now, walked over the demo's roads and tasks and stored through the terminals'
 * upload service, a week at a time with that week's clock; then the rounds of those days are stored and frozen.
 */
export async function fillDemoPunches(ctx: AppContext, from: Date): Promise<number> {
  const now = ctx.now();
  const routes = await loadRoutes(ctx.db);
  let stored = 0;
  for (let start = from.getTime(); start < now.getTime(); start += STRETCH) {
    const end = new Date(Math.min(start + STRETCH, now.getTime()));
    const uploadAt = new Date(Math.min(end.getTime() + UPLOAD_DELAY, now.getTime()));
    const dayCtx: AppContext = { ...ctx, now: () => uploadAt };
    const walks = walk(routes, new Date(start), end, { tz: ctx.config.tzName, seed: Math.floor(start / DAY) });
    for (const [deviceNo, records] of walks) {
      for (let i = 0; i < records.length; i += BATCH) {
        const result = await uploadPunches(dayCtx, { device_no: deviceNo, records: records.slice(i, i + BATCH) });
        stored += result.accepted;
      }
    }
  }
  const days: string[] = [];
  for (let day = localDate(from, ctx.config.tzName); day <= localDate(now, ctx.config.tzName); day = addDays(day, 1))
    days.push(day);
  await ensureRounds(ctx, ctx.db, days);
  await freezeEndedRounds(ctx, ctx.db);
  await ctx.db
    .insert(appSetting)
    .values({ key: UNTIL_KEY, value: now.toISOString(), update_time: now })
    .onConflictDoUpdate({ target: appSetting.key, set: { value: now.toISOString(), update_time: now } });
  return stored;
}

/** On a later start of a demo database: punches from where the demo stopped up to now. Null when not a demo. */
export async function topUpDemoPunches(ctx: AppContext): Promise<number | null> {
  const [row] = await ctx.db.select().from(appSetting).where(eq(appSetting.key, UNTIL_KEY));
  if (!row) return null;
  return fillDemoPunches(ctx, new Date(row.value));
}
