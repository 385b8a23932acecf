import { z } from 'zod';
import { optionalNewPassword } from './auth.js';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  internal,
  isCalendarDate,
  keyword,
  optionalHoldId,
  saveId,
  text,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';
import { optionalRoleId } from './role.js';

export const holdMessages = {
  badParent: '数据异常，无法保存！',
  editRequired: '请输入用户名、账号！',
  createRequired: '请输入用户名、账号和密码！',
} as const;

export const HOLD_TYPE_TEXT: Record<number, string> = { 1: '运营商', 2: '企业', 3: '部门' };

export const holdListInput = internal(
  pagingSchema.extend({
    Name: keyword,
    containChildren: includeChildren,
    HoldID: optionalHoldId,
  }),
);

export const holdRow = z.object({
  hold_id: z.number(),
  hold_name: z.string(),
  hold_type: z.number(),
  hold_type_text: z.string(),
  parent_hold_id: z.number().nullable(),
  parent_name: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string(),
  true_name: z.string(),
  contacts: z.string(),
  phone: z.string(),
  vip_end_time: z.string(),
  remark: z.string(),
  create_time: z.string(),
  enter_user_name: z.string(),
});
export type HoldRow = z.infer<typeof holdRow>;

/** One organisation of `GetHoldTree`, its children nested (in id order). */
export const holdTreeNode = z.object({
  id: z.number(),
  label: z.string(),
  get children(): z.ZodArray<typeof holdTreeNode> {
    return z.array(holdTreeNode);
  },
});
export type HoldTreeNode = z.infer<typeof holdTreeNode>;

/** `LoadParentBase`: the parent a new organisation gets, as the dialog shows it. */
export const parentBase = z.object({ hold_id: z.number(), hold_name: z.string() });
export type ParentBase = z.infer<typeof parentBase>;

const date = z
  .string({ error: '服务到期日期格式应为 YYYY-MM-DD' })
  .trim()
  .transform((value) => value.slice(0, 10))
  .pipe(z.string().refine(isCalendarDate, '服务到期日期格式应为 YYYY-MM-DD'))
  .nullish()
  .or(z.literal(''));

export const saveHoldInput = z.object({
  hold_id: saveId,
  hold_name: text(50, '组织名称'),
  hold_type: z.coerce.number().int().min(1, '组织类型不正确').max(3, '组织类型不正确').nullish(),
  parent_hold_id: idNumber(holdMessages.badParent),
  contacts: text(50, '联系人'),
  phone: text(30, '电话'),
  user_name: text(20, '账号'),
  user_password: optionalNewPassword,
  true_name: text(50, '姓名'),
  vip_end_time: date,
  remark: text(200, '备注'),
});
export type SaveHoldInput = z.input<typeof saveHoldInput>;

export const holdIdQuery = z.object({ holdId: id });
export const parentBaseQuery = z.object({ id });
export const removeHoldInput = z.object({ hold_ids: idList('请选择要删除的组织') });

export const saveAccountInput = internal(
  z.object({
    user_id: saveId,
    hold_id: idNumber(holdMessages.badParent),
    user_name: text(20, '账号'),
    user_password: optionalNewPassword,
    true_name: text(50, '姓名'),
    remark: text(200, '备注'),
    /** Added (ROLES.md): absent on a new account means 管理员 (the old contract), on an edit keeps the role. */
    role_id: optionalRoleId,
  }),
);
export type SaveAccountInput = CallerInput<typeof saveAccountInput>;

export const accountMessages = {
  editRequired: '请输入账号！',
  createRequired: '请输入账号和密码！',
  nameLength: '账号长度在 2 到 20 个字符',
} as const;
