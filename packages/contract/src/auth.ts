import { z } from 'zod';
import { withoutNul } from './common.js';

/** Spec section 5, login: account 2–20, password 4–20, with the spec's texts. */
export const loginMessages = {
  accountRequired: '请输入账号',
  accountLength: '长度在 2 到 20 个字符',
  passwordRequired: '请输入密码',
  passwordLength: '长度在 4 到 20 个字符',
  failed: '登录失败! 账号或密码不对!',
  expired: '服务已到期，请联系管理员',
} as const;

/** Passwords set through any screen (DOMAIN.md, Accounts and sessions). */
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MAX = 20;
export const newPasswordMessage = '密码长度在 8 到 20 个字符';

const requiredText = (required: string, length: string, min: number, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, length)
    .max(max, length)
    .refine(withoutNul, '账号包含不允许的字符');

export const LOGIN_CLIENTS = ['console', 'app'] as const;
export type LoginClient = (typeof LOGIN_CLIENTS)[number];

export const loginInput = z.object({
  user_name: requiredText(loginMessages.accountRequired, loginMessages.accountLength, 2, 20),
  user_password: z
    .string({ error: loginMessages.passwordRequired })
    .min(1, loginMessages.passwordRequired)
    .min(4, loginMessages.passwordLength)
    .max(20, loginMessages.passwordLength),
  remember_login: z.coerce.boolean().optional().default(false),
  /** Added (ROLES.md): the guard app logs in as `app`; its session may call only the app's calls. */
  client: z.enum(LOGIN_CLIENTS, { error: '登录端不正确' }).optional().default('console'),
});
export type LoginInput = z.input<typeof loginInput>;

export const loginResult = z.object({
  token: z.string(),
  userName: z.string(),
  trueName: z.string(),
  userType: z.number(),
  serviceEnd: z.string(),
  /** Added: the account still has the installation's default password; the console warns. */
  defaultPassword: z.boolean(),
  /**
   * Added: the deployment's time zone (TZ_NAME, DOMAIN.md). The console's 今天, date presets and latest pickable
   * day are dates of this zone, whatever the browser's own.
   */
  timeZone: z.string(),
  /** Added (ROLES.md): the account's role and the keys the session may use (an app session: only the app's). */
  roleId: z.number(),
  roleName: z.string(),
  permissions: z.array(z.string()),
});
export type LoginResult = z.infer<typeof loginResult>;

/** `checktoken` answers who the token belongs to (the same fields as login, without the token). */
export const sessionInfo = loginResult.omit({ token: true });
export type SessionInfo = z.infer<typeof sessionInfo>;

export const funTreeItem = z.object({
  funId: z.number(),
  funName: z.string(),
  funPath: z.string(),
  parentId: z.number(),
});
export type FunTreeItem = z.infer<typeof funTreeItem>;

export const newPassword = z
  .string({ error: newPasswordMessage })
  .min(NEW_PASSWORD_MIN, newPasswordMessage)
  .max(NEW_PASSWORD_MAX, newPasswordMessage);

/**
 * The password field of a save dialog (an organisation's first account, an account): '' when left empty (keep the
 * password on an edit); its length is checked by the service, which knows whether the account is new.
 */
export const optionalNewPassword = z
  .string({ error: newPasswordMessage })
  .max(20, newPasswordMessage)
  .nullish()
  .transform((v) => v ?? '');

export const changePasswordInput = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(100, '原密码不正确'),
  new_password: newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
