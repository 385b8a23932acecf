import { z } from 'zod';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  internal,
  keyword,
  optionalHoldId,
  saveId,
  text,
  withoutNul,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';

/** Roles (ROLES.md, Calls): the pinned shapes of `Role/*`. */

export const ROLE_NAME_MIN = 2;
export const ROLE_NAME_MAX = 20;
const roleNameMessage = `角色名称长度在 ${ROLE_NAME_MIN} 到 ${ROLE_NAME_MAX} 个字符`;

export const roleListInput = internal(
  pagingSchema.extend({
    hold_id: optionalHoldId,
    include_children: includeChildren,
    role_name: keyword,
  }),
);
export type RoleListInput = CallerInput<typeof roleListInput>;

export const roleRow = z.object({
  role_id: z.number(),
  role_name: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  builtin: z.boolean(),
  permissions: z.array(z.string()),
  account_count: z.number(),
  remark: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleOptionsQuery = internal(z.object({ hold_id: optionalHoldId }));
export const roleOption = z.object({ role_id: z.number(), role_name: z.string(), builtin: z.boolean() });
export type RoleOption = z.infer<typeof roleOption>;

export const roleDetailQuery = z.object({ role_id: id });

/** Keys are checked against the catalogue by the server, so an unknown one is named in the refusal. */
export const saveRoleInput = internal(
  z.object({
    role_id: saveId,
    hold_id: idNumber('数据异常，无法保存！'),
    role_name: z
      .string({ error: '请输入角色名称' })
      .trim()
      .min(1, '请输入角色名称')
      .min(ROLE_NAME_MIN, roleNameMessage)
      .max(ROLE_NAME_MAX, roleNameMessage)
      .refine(withoutNul, '角色名称包含不允许的字符'),
    permissions: z
      .array(z.string({ error: '权限格式不正确' }).max(50, '权限格式不正确'), { error: '请选择权限' })
      .max(200, '权限格式不正确'),
    remark: text(200, '备注'),
  }),
);
export type SaveRoleInput = CallerInput<typeof saveRoleInput>;

export const removeRoleInput = z.object({ role_ids: idList('请选择要删除的角色') });

/** An optional role filter or field (`role_id`): absent, null, 0 or '' means none. */
export const optionalRoleId = z.preprocess(
  (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value),
  idNumber('角色不正确').optional(),
);
