import { loginMessages, ResultCode, type LoginInput } from '@guard-tour/contract';
import { api } from '@guard-tour/client/api';
import { ApiError } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';

/** 登录: a wrong account or password is code 401, which here is an answer, not an expired session. */
export async function login(input: LoginInput) {
  try {
    return await api.auth.login(input, { redirectOn401: false });
  } catch (error) {
    throw new ApiError(
      error instanceof ApiError ? error.kind : 'network',
      loginErrorText(error),
      error instanceof ApiError ? error.code : null,
    );
  }
}

/** What the login screen says for a failed attempt (spec section 8, DOMAIN.md "Accounts and sessions"). */
export function loginErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.loginNetwork;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted') return MSG.loginNetwork;
  // Locked (429) and service expired (403) explain themselves in the server's msg.
  if (error.code === ResultCode.tooManyAttempts || error.code === ResultCode.forbidden) return error.message;
  return loginMessages.failed;
}

/** 退出登录: revokes the token on the server. */
export async function logout(): Promise<void> {
  await api.auth.logout(undefined, { redirectOn401: false });
}

/** Who the stored token belongs to; a 401 here ends the session and goes to the login page. */
export async function checkToken() {
  return api.auth.checkToken();
}

/** The caller's menu: groups (parentId 0) and their entries. */
export function getUserFunTree() {
  return api.auth.userFunTree();
}
