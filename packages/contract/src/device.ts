import { z } from 'zod';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  internal,
  keyword,
  optionalHoldId,
  saveHoldId,
  saveId,
  searchType,
  text,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';

export const deviceMessages = {
  numberRequired: '请输入设备IMEI/SN',
  snListRequired: '请输入SN列表',
  fileRequired: '请先上传文件！',
  devicesRequired: '请选择设备！',
  holdRequired: '请选择组织！',
} as const;

/** Device type 1 = T80, the only model so far. */
export const DEVICE_TYPE_TEXT: Record<number, string> = { 1: 'T80' };

export const DEVICE_SEARCH_TYPES = ['device_no', 'object_name', 'imei', 'sim', 'iccid'] as const;
export type DeviceSearchType = (typeof DEVICE_SEARCH_TYPES)[number];

export const deviceListInput = internal(
  pagingSchema.extend({
    search_type: searchType(DEVICE_SEARCH_TYPES),
    key: keyword,
    ContainChildren: includeChildren,
    HoldID: optionalHoldId,
  }),
);

/**
 * A device row of the list and the detail. The spec names the terminal identifiers both ways (IMEI/SIM/ICCID
 * in the save payload, imei/sim/iccid in the entity), so rows carry both spellings with the same values.
 */
export const deviceRow = z.object({
  object_id: z.number(),
  device_no: z.string(),
  object_name: z.string(),
  object_type: z.number(),
  IMEI: z.string(),
  SIM: z.string(),
  ICCID: z.string(),
  imei: z.string(),
  sim: z.string(),
  iccid: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  remark: z.string(),
  create_time: z.string(),
  /** The terminal's latest upload `YYYY-MM-DD HH:mm:ss`, '' if never. */
  last_upload_time: z.string(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const saveDeviceInput = internal(
  z.object({
    object_id: saveId,
    hold_id: saveHoldId,
    /** = IMEI/SN; when absent the IMEI field is taken. */
    device_no: text(100, '设备IMEI/SN'),
    object_type: z.preprocess(
      (value) => (value === null || value === undefined || value === '' ? 1 : value),
      z.coerce
        .number({ error: '设备类型不正确' })
        .int('设备类型不正确')
        .min(1, '设备类型不正确')
        .max(99, '设备类型不正确'),
    ),
    object_name: text(50, '设备名称'),
    IMEI: text(32, 'IMEI'),
    SIM: text(32, 'SIM'),
    ICCID: text(32, 'ICCID'),
    remark: text(200, '备注'),
  }),
);
export type SaveDeviceInput = CallerInput<typeof saveDeviceInput>;

export const deviceDetailQuery = z.object({ objectId: id });
export const removeDeviceInput = z.object({ object_ids: idList('请选择要删除的设备') });
export const deviceOptionsQuery = internal(z.object({ hold_id: optionalHoldId }));

export const deviceOption = z.object({ object_id: z.number(), object_name: z.string(), device_no: z.string() });
export type DeviceOption = z.infer<typeof deviceOption>;

/** Most SNs or spreadsheet rows one import takes. */
export const IMPORT_MAX_ROWS = 10_000;

export const importSnListInput = internal(
  z.object({
    HoldID: optionalHoldId,
    /** SNs separated by commas or line breaks (an array of SNs is taken too). */
    SNList: z.preprocess(
      (value) => (Array.isArray(value) ? value.join('\n') : (value ?? '')),
      z.string({ error: deviceMessages.snListRequired }).max(1_000_000, '内容过长'),
    ),
  }),
);

export const importExcelInput = internal(
  z.object({
    HoldID: optionalHoldId,
    /** The `imagePath` the upload answered. */
    FilePath: z.preprocess(
      (value) => value ?? '',
      z.string({ error: deviceMessages.fileRequired }).max(200, '文件不存在'),
    ),
  }),
);

export const allocateDeviceInput = z.object({
  objectIds: idList(deviceMessages.devicesRequired),
  holdId: idNumber(deviceMessages.holdRequired),
});

/** Why an SN or a row was not imported. */
export const importReasons = {
  duplicate: '重复',
  exists: '已存在',
  malformed: '格式不正确',
  missing: '缺少IMEI/SN',
  rounded: '数字超过15位已被表格软件舍入，请把该列设为文本',
} as const;

export const snImportResult = z.object({
  effectCount: z.number(),
  failSNList: z.array(z.object({ sn: z.string(), reason: z.string() })),
});
export type SnImportResult = z.infer<typeof snImportResult>;

export const excelImportResult = z.object({
  effectCount: z.number(),
  /** `row` as the spreadsheet shows it: the header is row 1. */
  failList: z.array(z.object({ row: z.number(), sn: z.string(), reason: z.string() })),
});
export type ExcelImportResult = z.infer<typeof excelImportResult>;
