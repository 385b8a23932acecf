import { z } from 'zod';
import { id, idList, includeChildren, internal, keyword, optionalHoldId } from './common.js';
import { pagingSchema } from './envelope.js';
import { optionalRoleId } from './role.js';

export const staffListInput = internal(
  pagingSchema.extend({
    Name: keyword,
    HoldID: optionalHoldId,
    containChildren: includeChildren,
    /** Added (ROLES.md): only the accounts of this role. */
    role_id: optionalRoleId,
  }),
);

export const staffRow = z.object({
  user_id: z.number(),
  user_name: z.string(),
  true_name: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  remark: z.string(),
  create_time: z.string(),
  /** Added (ROLES.md): the account's one role. */
  role_id: z.number(),
  role_name: z.string(),
});
export type StaffRow = z.infer<typeof staffRow>;

export const staffDetailQuery = z.object({ user_id: id });
export const accountOptionsQuery = internal(z.object({ hold_id: optionalHoldId }));
export const removeUserInput = z.object({ user_ids: idList('请选择要删除的账号') });

export const accountOption = z.object({
  user_id: z.number(),
  true_name: z.string(),
  user_name: z.string(),
});
export type AccountOption = z.infer<typeof accountOption>;
