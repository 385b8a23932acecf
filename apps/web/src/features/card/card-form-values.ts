import { cardMessages, holdMessages, type CardRow, type SaveCardInput } from '@guard-tour/contract';

/** The patrol point dialog's fields. */
export interface CardFormValues {
  hold_id: number | undefined;
  patrol_sn: string;
  patrol_name: string;
  location: string;
  remark: string;
}

export function newCardValues(holdId: number | undefined): CardFormValues {
  return { hold_id: holdId, patrol_sn: '', patrol_name: '', location: '', remark: '' };
}

/** A patrol point row → the dialog's fields. */
export function cardValuesOf(row: CardRow): CardFormValues {
  return {
    hold_id: row.hold_id,
    patrol_sn: row.patrol_sn ?? '',
    patrol_name: row.patrol_name ?? '',
    location: row.location ?? '',
    remark: row.remark ?? '',
  };
}

/** The first thing that stops a save, as the spec words it (section 5), or null when the form may be sent. */
export function cardFormError(values: CardFormValues): string | null {
  if (values.hold_id === undefined || values.hold_id === null || values.hold_id < 1) return holdMessages.badParent;
  if (!values.patrol_sn?.trim()) return cardMessages.numberRequired;
  return null;
}

/** The dialog's fields → SaveInfo's body (0 = a new patrol point). */
export function toSaveCardInput(values: CardFormValues, patrolId: number): SaveCardInput {
  return {
    patrol_id: patrolId,
    hold_id: values.hold_id ?? 0,
    patrol_sn: values.patrol_sn.trim(),
    patrol_name: values.patrol_name?.trim() ?? '',
    location: values.location?.trim() ?? '',
    remark: values.remark?.trim() ?? '',
  };
}
