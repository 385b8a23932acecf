import { DEVICE_SEARCH_TYPES, DEVICE_TYPE_TEXT, type DeviceSearchType } from '@guard-tour/contract';

/** What the keyword matches (spec section 9), as the search type select names it. */
const SEARCH_TYPE_TEXT: Record<DeviceSearchType, string> = {
  device_no: 'IMEI/SN',
  object_name: '设备名称',
  imei: 'IMEI',
  sim: 'SIM',
  iccid: 'ICCID',
};

export const DEVICE_SEARCH_OPTIONS = DEVICE_SEARCH_TYPES.map((value) => ({ value, label: SEARCH_TYPE_TEXT[value] }));

export const FIRST_DEVICE_SEARCH_TYPE: DeviceSearchType = DEVICE_SEARCH_TYPES[0];

/** Device models (1 = T80). */
export const DEVICE_TYPE_OPTIONS = Object.entries(DEVICE_TYPE_TEXT).map(([value, label]) => ({
  value: Number(value),
  label,
}));
