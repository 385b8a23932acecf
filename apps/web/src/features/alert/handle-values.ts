import { alertMessages, MAX_ALERT_NOTE, withoutNul, type HandleAlertsInput } from '@guard-tour/contract';

/** The 处理 dialog's field: a note of at most 200 characters (may be left empty). */
export interface HandleFormValues {
  note: string;
}

/** The first thing that stops a 处理, in the contract's words, or null. */
export function handleError(alertIds: readonly number[], values: HandleFormValues): string | null {
  if (alertIds.length === 0) return alertMessages.badIds;
  const note = (values.note ?? '').trim();
  if (note.length > MAX_ALERT_NOTE) return alertMessages.noteTooLong;
  if (!withoutNul(note)) return alertMessages.badNote;
  return null;
}

export function toHandleInput(alertIds: readonly number[], values: HandleFormValues): HandleAlertsInput {
  return { alert_ids: [...alertIds], note: (values.note ?? '').trim() };
}
