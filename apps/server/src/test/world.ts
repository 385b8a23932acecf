import { expect } from 'vitest';
import type { Harness } from './harness.js';

export const PASSWORD = 'password123';

export interface Tenant {
  holdId: number;
  admin: string;
  token: string;
}

export interface World {
  root: string;
  /** Two sibling enterprises under the operator, and a department under A. */
  a: Tenant;
  b: Tenant;
  a1: Tenant;
}

/** Creates an organisation with its admin through the API, as the given caller, and logs its admin in. */
export async function createTenant(
  h: Harness,
  token: string,
  values: { name: string; admin: string; parent: number; type?: number },
): Promise<Tenant> {
  const reply = await h.post<{ hold_id: number }>(
    '/HoldInfo/SaveHoldInfo',
    {
      hold_id: 0,
      hold_name: values.name,
      hold_type: values.type ?? 2,
      parent_hold_id: values.parent,
      user_name: values.admin,
      user_password: PASSWORD,
      true_name: `${values.name}管理员`,
    },
    token,
  );
  expect(reply, `creating ${values.name}`).toMatchObject({ code: 200 });
  const adminToken = await h.login({ user_name: values.admin, user_password: PASSWORD });
  return { holdId: reply.data.hold_id, admin: values.admin, token: adminToken };
}

/** The standard multi-tenant world of the isolation tests. Names carry a suffix so one file can build several. */
export async function buildWorld(h: Harness, suffix = ''): Promise<World> {
  const root = await h.login();
  const a = await createTenant(h, root, { name: `甲企业${suffix}`, admin: `a_admin${suffix}`, parent: 1 });
  const b = await createTenant(h, root, { name: `乙企业${suffix}`, admin: `b_admin${suffix}`, parent: 1 });
  const a1 = await createTenant(h, a.token, {
    name: `甲一部${suffix}`,
    admin: `a1_admin${suffix}`,
    parent: a.holdId,
    type: 3,
  });
  return { root, a, b, a1 };
}
