import {
  HoldType,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  accountMessages,
  holdMessages,
  newPasswordMessage,
  type HoldRow,
  type SaveHoldInput,
} from '@guard-tour/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { deploymentNow } from '../../api/deployment-time';

/** The organisation dialog's fields. */
export interface HoldFormValues {
  hold_name: string;
  hold_type: number;
  user_name: string;
  user_password: string;
  true_name: string;
  contacts: string;
  phone: string;
  vip_end_time: Dayjs | null;
  remark: string;
}

/** What the dialog saves: a new organisation under `parentId`, or the organisation `holdId`. */
export interface HoldTarget {
  /** 0 for a new organisation. */
  holdId: number;
  /** The parent; undefined when it could not be resolved (the save is refused). */
  parentId: number | undefined;
}

export const DATE_FORMAT = 'YYYY-MM-DD';

/** Spec section 9: a new organisation's service runs until today plus three years. */
export function defaultVipEnd(today: Dayjs = deploymentNow()): Dayjs {
  return today.startOf('day').add(3, 'year');
}

export function newHoldValues(today: Dayjs = deploymentNow()): HoldFormValues {
  return {
    hold_name: '',
    hold_type: HoldType.enterprise,
    user_name: '',
    user_password: '',
    true_name: '',
    contacts: '',
    phone: '',
    vip_end_time: defaultVipEnd(today),
    remark: '',
  };
}

/** An organisation row → the dialog's fields (the password stays empty: empty keeps it). */
export function holdValuesOf(row: HoldRow): HoldFormValues {
  const vipEnd = row.vip_end_time ? dayjs(row.vip_end_time) : null;
  return {
    hold_name: row.hold_name ?? '',
    hold_type: row.hold_type,
    user_name: row.user_name ?? '',
    user_password: '',
    true_name: row.true_name ?? '',
    contacts: row.contacts ?? '',
    phone: row.phone ?? '',
    vip_end_time: vipEnd?.isValid() ? vipEnd : null,
    remark: row.remark ?? '',
  };
}

/**
 * The edited organisation's parent as the save call wants it: organisation 1 has none and sends its own id
 * (the server reads that as "no move").
 */
export function parentIdOf(row: Pick<HoldRow, 'hold_id' | 'parent_hold_id'>): number {
  return row.parent_hold_id ?? row.hold_id;
}

/** The first thing that stops a save, as the spec words it (section 5), or null when the form may be sent. */
export function holdFormError(values: HoldFormValues, target: HoldTarget): string | null {
  const isNew = target.holdId === 0;
  if (target.parentId === undefined || target.parentId < 1) return holdMessages.badParent;
  const password = values.user_password ?? '';
  if (!values.hold_name?.trim() || !values.user_name?.trim() || (isNew && !password)) {
    return isNew ? holdMessages.createRequired : holdMessages.editRequired;
  }
  const account = values.user_name.trim();
  if (account.length < 2 || account.length > 20) return accountMessages.nameLength;
  if (password && (password.length < NEW_PASSWORD_MIN || password.length > NEW_PASSWORD_MAX)) {
    return newPasswordMessage;
  }
  return null;
}

/** The dialog's fields → SaveHoldInfo's body. */
export function toSaveHoldInput(values: HoldFormValues, target: HoldTarget): SaveHoldInput {
  return {
    // eslint-disable-next-line no-restricted-syntax -- SaveHoldInfo's hold_id is the edited organisation's own id, not a filter: its input keeps the wire's name (packages/contract/src/internal.test.ts)
    hold_id: target.holdId,
    hold_name: values.hold_name.trim(),
    hold_type: values.hold_type,
    parent_hold_id: target.parentId ?? 0,
    contacts: values.contacts?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    user_name: values.user_name.trim(),
    user_password: values.user_password ?? '',
    true_name: values.true_name?.trim() ?? '',
    vip_end_time: values.vip_end_time ? values.vip_end_time.format(DATE_FORMAT) : '',
    remark: values.remark?.trim() ?? '',
  };
}
