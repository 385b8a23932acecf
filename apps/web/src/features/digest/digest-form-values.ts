import {
  DIGEST_SECTIONS,
  DIGEST_TIME,
  MAX_DIGEST_EMAILS,
  digestMessages,
  isEmailAddress,
  type DigestFrequency,
  type DigestRow,
  type DigestSection,
  type SaveDigestInput,
} from '@guard-tour/contract';

/** The 新增 / 编辑 dialog's fields. */
export interface DigestFormValues {
  digest_name: string;
  frequency: DigestFrequency;
  weekday: number;
  time: string;
  includeChildren: boolean;
  sections: DigestSection[];
  emails: string[];
  hook_ids: number[];
  enabled: boolean;
}

/** A new report: daily at 06:00, every section, the organisation with its subordinates. */
export function newDigestValues(): DigestFormValues {
  return {
    digest_name: '',
    frequency: 'daily',
    weekday: 1,
    time: '06:00',
    includeChildren: true,
    sections: [...DIGEST_SECTIONS],
    emails: [],
    hook_ids: [],
    enabled: true,
  };
}

export function digestValuesOf(row: DigestRow): DigestFormValues {
  return {
    digest_name: row.digest_name,
    frequency: row.frequency,
    weekday: row.weekday ?? 1,
    time: row.time,
    includeChildren: row.include_children,
    sections: [...row.sections],
    emails: [...row.emails],
    hook_ids: [...row.hook_ids],
    enabled: row.enabled,
  };
}

/** The first thing that stops the save, in the server's words, or null. */
export function digestFormError(values: DigestFormValues, mailReady: boolean): string | null {
  if (!values.digest_name?.trim()) return digestMessages.nameRequired;
  if (!DIGEST_TIME.test(values.time ?? '')) return digestMessages.badTime;
  if (!values.sections?.length) return digestMessages.noSection;
  const bad = (values.emails ?? []).find((address) => !isEmailAddress(address.trim()));
  if (bad !== undefined) return digestMessages.badEmail(bad);
  if ((values.emails ?? []).length > MAX_DIGEST_EMAILS) return digestMessages.tooManyEmails;
  if ((values.emails ?? []).length > 0 && !mailReady) return digestMessages.noSmtp;
  if (!values.emails?.length && !values.hook_ids?.length) return digestMessages.noChannel;
  return null;
}

export function toSaveDigestInput(
  values: DigestFormValues,
  digestId: number,
  holdId: number | undefined,
): SaveDigestInput {
  return {
    digest_id: digestId,
    holdId,
    digest_name: values.digest_name.trim(),
    includeChildren: values.includeChildren,
    frequency: values.frequency,
    weekday: values.frequency === 'weekly' ? values.weekday : null,
    time: values.time,
    sections: values.sections,
    emails: (values.emails ?? []).map((address) => address.trim()),
    hook_ids: values.hook_ids ?? [],
    enabled: values.enabled,
  };
}

/** 启用 switched in the list: the row saved again with only that changed. */
export function toggledDigestInput(row: DigestRow, enabled: boolean): SaveDigestInput {
  return toSaveDigestInput({ ...digestValuesOf(row), enabled }, row.digest_id, row.hold_id);
}
