import { deviceMessages, holdMessages, type DeviceRow, type SaveDeviceInput } from '@guard-tour/contract';

/** The device dialog's fields. IMEI/SN is one field: it is the device number and the IMEI alike. */
export interface DeviceFormValues {
  holdId: number | undefined;
  device_no: string;
  object_name: string;
  object_type: number;
  SIM: string;
  ICCID: string;
  remark: string;
}

/** Device type 1 = T80, the only model so far. */
const T80 = 1;

export function newDeviceValues(holdId: number | undefined): DeviceFormValues {
  return { holdId, device_no: '', object_name: '', object_type: T80, SIM: '', ICCID: '', remark: '' };
}

/** A device row → the dialog's fields. */
export function deviceValuesOf(row: DeviceRow): DeviceFormValues {
  return {
    holdId: row.hold_id,
    device_no: row.device_no ?? '',
    object_name: row.object_name ?? '',
    object_type: row.object_type || T80,
    SIM: row.SIM ?? '',
    ICCID: row.ICCID ?? '',
    remark: row.remark ?? '',
  };
}

/** The first thing that stops a save, as the spec words it (section 5), or null when the form may be sent. */
export function deviceFormError(values: DeviceFormValues): string | null {
  if (values.holdId === undefined || values.holdId === null || values.holdId < 1) return holdMessages.badParent;
  if (!values.device_no?.trim()) return deviceMessages.numberRequired;
  return null;
}

/** The dialog's fields → SaveDeviceInfo's body (0 = a new device); the IMEI is the IMEI/SN typed. */
export function toSaveDeviceInput(values: DeviceFormValues, objectId: number): SaveDeviceInput {
  const deviceNo = values.device_no.trim();
  return {
    object_id: objectId,
    holdId: values.holdId ?? 0,
    device_no: deviceNo,
    object_type: values.object_type || T80,
    object_name: values.object_name?.trim() ?? '',
    IMEI: deviceNo,
    SIM: values.SIM?.trim() ?? '',
    ICCID: values.ICCID?.trim() ?? '',
    remark: values.remark?.trim() ?? '',
  };
}
