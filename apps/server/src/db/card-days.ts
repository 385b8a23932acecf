import { sql } from 'drizzle-orm';
import type { Queryable } from './client.js';
import { cardDayZone } from './schema.js';
import { queryRows } from './sql.js';

/**
 * Makes `card_day_count` count local days in `tz` (the configured TZ_NAME): when it was built in another zone, it
 * is rebuilt from the punches in one transaction and the zone recorded, so the triggers count in `tz` from then on.
 * Writers of punches wait meanwhile (SHARE lock), so no punch is counted in the old zone after the rebuild read
 * the punches; readers keep the old counts until the commit, and 巡检点统计 ignores counts of another zone.
 * Answers whether it rebuilt.
 */
export async function alignCardDays(db: Queryable, tz: string): Promise<boolean> {
  const [current] = await db.select({ tz: cardDayZone.tz }).from(cardDayZone);
  if (current?.tz === tz) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table punch in share mode`);
    const [zone] = await queryRows<{ tz: string }>(tx, sql`select tz from card_day_zone for update`);
    if (zone?.tz === tz) return false;
    await tx.execute(sql`truncate card_day_count`);
    await tx.execute(sql`insert into card_day_count (day, patrol_sn, hold_id, n)
      select (punch_time at time zone ${tz})::date, patrol_sn, hold_id, count(*) from punch group by 1, 2, 3`);
    await tx.execute(sql`insert into card_day_zone (one, tz) values (true, ${tz})
      on conflict (one) do update set tz = excluded.tz`);
    return true;
  });
}
