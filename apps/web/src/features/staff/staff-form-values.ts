import {
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  accountMessages,
  holdMessages,
  newPasswordMessage,
  type SaveAccountInput,
  type StaffRow,
} from '@guard-tour/contract';

/** The account dialog's fields. */
export interface StaffFormValues {
  holdId: number | undefined;
  user_name: string;
  user_password: string;
  true_name: string;
  remark: string;
  /** Undefined: a new account is a 管理员, an edited one keeps its role (SaveAccount without role_id). */
  role_id?: number | undefined;
}

export function newStaffValues(holdId: number | undefined): StaffFormValues {
  return { holdId, user_name: '', user_password: '', true_name: '', remark: '' };
}

/** An account row → the dialog's fields (the password stays empty: empty keeps it). */
export function staffValuesOf(row: StaffRow): StaffFormValues {
  return {
    holdId: row.hold_id,
    user_name: row.user_name ?? '',
    user_password: '',
    true_name: row.true_name ?? '',
    remark: row.remark ?? '',
    role_id: row.role_id || undefined,
  };
}

/** The first thing that stops a save, as the spec words it (section 5), or null when the form may be sent. */
export function staffFormError(values: StaffFormValues, userId: number): string | null {
  const isNew = userId === 0;
  if (values.holdId === undefined || values.holdId === null || values.holdId < 1) return holdMessages.badParent;
  const password = values.user_password ?? '';
  const account = values.user_name?.trim() ?? '';
  if (!account || (isNew && !password)) return isNew ? accountMessages.createRequired : accountMessages.editRequired;
  if (account.length < 2 || account.length > 20) return accountMessages.nameLength;
  if (password && (password.length < NEW_PASSWORD_MIN || password.length > NEW_PASSWORD_MAX)) {
    return newPasswordMessage;
  }
  return null;
}

/** The dialog's fields → SaveAccount's body (0 = a new account). */
export function toSaveAccountInput(values: StaffFormValues, userId: number): SaveAccountInput {
  return {
    user_id: userId,
    holdId: values.holdId ?? 0,
    user_name: values.user_name.trim(),
    user_password: values.user_password ?? '',
    true_name: values.true_name?.trim() ?? '',
    remark: values.remark?.trim() ?? '',
    ...(values.role_id ? { role_id: values.role_id } : {}),
  };
}
