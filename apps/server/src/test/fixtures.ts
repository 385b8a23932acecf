import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { account, device, hold, patrolCard } from '../db/schema.js';
import { hashPassword } from '../security/password.js';

/** Writes an organisation straight into the database (for tests of areas that do not create organisations). */
export async function insertHold(
  db: Db,
  values: { name: string; type: number; parentId: number; vipEnd?: string | null },
): Promise<number> {
  const [parent] = await db.select({ path: hold.path }).from(hold).where(eq(hold.hold_id, values.parentId));
  if (!parent) throw new Error(`no parent ${values.parentId}`);
  const [row] = await db
    .insert(hold)
    .values({
      hold_name: values.name,
      hold_type: values.type,
      parent_hold_id: values.parentId,
      path: 'pending',
      vip_end_time: values.vipEnd ?? null,
    })
    .returning({ id: hold.hold_id });
  const id = row!.id;
  await db
    .update(hold)
    .set({ path: `${parent.path}${id}/` })
    .where(eq(hold.hold_id, id));
  return id;
}

export async function insertAccount(
  db: Db,
  values: { userName: string; password: string; holdId: number; trueName?: string },
): Promise<number> {
  const [row] = await db
    .insert(account)
    .values({
      user_name: values.userName,
      true_name: values.trueName ?? '',
      password_hash: await hashPassword(values.password),
      hold_id: values.holdId,
    })
    .returning({ id: account.user_id });
  return row!.id;
}

/** A patrol point written straight into the database. */
export async function insertCard(db: Db, values: { holdId: number; sn: string; name: string }): Promise<number> {
  const [row] = await db
    .insert(patrolCard)
    .values({
      hold_id: values.holdId,
      patrol_sn: values.sn.toUpperCase(),
      patrol_name: values.name,
      location: `${values.name}位置`,
    })
    .returning({ id: patrolCard.patrol_id });
  return row!.id;
}

/** A patrol terminal written straight into the database. */
export async function insertDevice(
  db: Db,
  values: { holdId: number; deviceNo: string; name: string },
): Promise<number> {
  const [row] = await db
    .insert(device)
    .values({
      hold_id: values.holdId,
      device_no: values.deviceNo.toUpperCase(),
      object_name: values.name,
      imei: values.deviceNo,
    })
    .returning({ id: device.object_id });
  return row!.id;
}
