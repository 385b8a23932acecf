import type { ChangePasswordInput } from '@guard-tour/contract';
import { apiPost } from '../../api/client';

/** 修改密码 of the signed-in account. The current token stays valid; the account's other sessions end. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiPost<unknown>('/api/HoldInfo/ChangeUserPassword', input);
}
