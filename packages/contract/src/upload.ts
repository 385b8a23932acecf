import { z } from 'zod';

/** Upload limits (spec section 9, QUALITY.md R5). */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_ACCEPT = '.xlsx,.xls';

export const uploadMessages = {
  tooLarge: '文件不能超过50M',
  wrongType: '只能上传xlsx/xls文件',
  noFile: '请选择要上传的文件',
  oneFile: '只能上传一个文件',
  incomplete: '上传的内容不完整，请重新上传',
  notLoggedIn: '请先登录',
  failed: '上传失败，请稍后重试',
} as const;

/**
 * The upload's own reply shape (spec section 7), HTTP 200 also for refusals: `errCode` 0 with the opaque
 * `imagePath` to pass to the import, or non-zero with a Chinese `errMsg` (1 the file is refused,
 * 401 not logged in, 403 the role may not import (ROLES.md), 429 too many uploads a minute, 500 unexpected).
 */
export const uploadReply = z.union([
  z.object({
    errCode: z.literal(0),
    result: z.object({ imagePath: z.string(), fileName: z.string(), size: z.number() }),
  }),
  z.object({ errCode: z.number(), errMsg: z.string() }),
]);
export type UploadReply = z.infer<typeof uploadReply>;

/** Templates offered by `GET /api/file/download_template?name=…`. */
export const TEMPLATE_NAMES = ['device_import'] as const;
export const templateQuery = z.object({ name: z.enum(TEMPLATE_NAMES, { error: '模板不存在' }) });

/** The device import's columns, in the template's order (header row 1). */
export const DEVICE_IMPORT_COLUMNS = ['IMEI/SN', '设备名称', 'SIM', 'ICCID', '备注'] as const;
