import {
  MAX_RADIUS,
  MIN_RADIUS,
  cardMessages,
  holdMessages,
  safetyMessages,
  type CardRow,
  type SaveCardInput,
} from '@guard-tour/contract';

/** The patrol point dialog's fields. */
export interface CardFormValues {
  holdId: number | undefined;
  patrol_sn: string;
  patrol_name: string;
  location: string;
  remark: string;
  /** Where the point is (SAFETY.md): both or neither; the radius in metres (50 when left out). */
  lat?: number | null;
  lng?: number | null;
  radius?: number | null;
}

export function newCardValues(holdId: number | undefined): CardFormValues {
  return { holdId, patrol_sn: '', patrol_name: '', location: '', remark: '' };
}

/** A patrol point row → the dialog's fields. */
export function cardValuesOf(row: CardRow): CardFormValues {
  return {
    holdId: row.hold_id,
    patrol_sn: row.patrol_sn ?? '',
    patrol_name: row.patrol_name ?? '',
    location: row.location ?? '',
    remark: row.remark ?? '',
    lat: row.lat ?? null,
    lng: row.lng ?? null,
    radius: row.radius ?? null,
  };
}

/** The first thing that stops a save, as the spec words it (section 5), or null when the form may be sent. */
export function cardFormError(values: CardFormValues): string | null {
  if (values.holdId === undefined || values.holdId === null || values.holdId < 1) return holdMessages.badParent;
  if (!values.patrol_sn?.trim()) return cardMessages.numberRequired;
  return positionError(values);
}

const given = (value: number | null | undefined): value is number => typeof value === 'number';

/** The position's refusals as the server words them: ranges, and both coordinates or neither. */
export function positionError({ lat, lng, radius }: Pick<CardFormValues, 'lat' | 'lng' | 'radius'>): string | null {
  if (given(lat) && (lat < -90 || lat > 90)) return safetyMessages.badLat;
  if (given(lng) && (lng < -180 || lng > 180)) return safetyMessages.badLng;
  if (given(lat) !== given(lng)) return safetyMessages.latLngPair;
  if (given(radius) && (!Number.isInteger(radius) || radius < MIN_RADIUS || radius > MAX_RADIUS)) {
    return safetyMessages.badRadius;
  }
  return null;
}

/** The dialog's fields → SaveInfo's body (0 = a new patrol point). */
export function toSaveCardInput(values: CardFormValues, patrolId: number): SaveCardInput {
  return {
    patrol_id: patrolId,
    holdId: values.holdId ?? 0,
    patrol_sn: values.patrol_sn.trim(),
    patrol_name: values.patrol_name?.trim() ?? '',
    location: values.location?.trim() ?? '',
    remark: values.remark?.trim() ?? '',
    ...(values.lat === undefined ? {} : { lat: values.lat ?? null, lng: values.lng ?? null }),
    ...(given(values.radius) ? { radius: values.radius } : {}),
  };
}
