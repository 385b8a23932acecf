import type { ChangePasswordInput } from '@guard-tour/contract';
import { api } from '@guard-tour/client/api';

/** 修改密码 of the signed-in account. The current token stays valid; the account's other sessions end. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.auth.changePassword(input);
}
