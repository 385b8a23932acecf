import { eq } from 'drizzle-orm';
import { HoldType } from '@guard-tour/contract';
import type { Db } from './client.js';
import { account, hold } from './schema.js';
import { hashPassword } from '../security/password.js';
import { ADMIN_USER_NAME } from '../named-accounts.js';

export const ROOT_HOLD_ID = 1;

/**
 * First start: organisation 1 (the operator) and its admin account `admin`. Does nothing when they exist.
 * Returns whether it created them.
 */
export async function seedRoot(
  db: Db,
  options: { adminPassword: string; isDefaultPassword: boolean; now: Date },
): Promise<boolean> {
  const [existing] = await db.select({ id: hold.hold_id }).from(hold).where(eq(hold.hold_id, ROOT_HOLD_ID));
  if (existing) return false;
  const passwordHash = await hashPassword(options.adminPassword);
  await db.transaction(async (tx) => {
    await tx.insert(hold).values({
      hold_id: ROOT_HOLD_ID,
      hold_name: '运营商',
      hold_type: HoldType.operator,
      parent_hold_id: null,
      path: `/${ROOT_HOLD_ID}/`,
      remark: '系统初始组织',
      enter_user_name: ADMIN_USER_NAME,
      create_time: options.now,
    });
    // The explicit id above does not advance the serial: move it past 1.
    await tx.execute(
      `select setval(pg_get_serial_sequence('hold', 'hold_id'), greatest(1, (select max(hold_id) from hold)))`,
    );
    await tx.insert(account).values({
      hold_id: ROOT_HOLD_ID,
      user_name: ADMIN_USER_NAME,
      true_name: '系统管理员',
      password_hash: passwordHash,
      default_password: options.isDefaultPassword,
      hold_admin: true,
      create_time: options.now,
    });
  });
  return true;
}
