import { area, file, raw } from '../call.js';
import { XLSX_TYPE } from '../files.js';
import { templateQuery, uploadReply } from '../upload.js';

export const uploadCalls = area('文件', {
  /** Multipart with one file; answers in its own shape (spec section 7), not the envelope. */
  uploadFile: raw('POST', '/api/UploadFiles/action', {
    permission: ['device.edit', 'shift.edit'],
    summary: '上传导入文件（xlsx/xls，≤50M，multipart/form-data）',
    output: uploadReply,
  }),
  downloadTemplate: file('GET', '/api/file/download_template', {
    summary: '下载导入模板',
    input: templateQuery,
    auth: 'public',
    fileType: XLSX_TYPE,
  }),
});
