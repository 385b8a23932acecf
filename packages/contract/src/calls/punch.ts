import { area, call } from '../call.js';
import { uploadPunchesInput, uploadPunchesResult } from '../punch.js';

export const punchCalls = area('终端上传', {
  /** Terminals authenticate with the installation's upload key, not an account's token. */
  uploadPunches: call('POST', '/api/Terminal/UploadPunches', {
    summary: '终端上传打卡记录（Authorization: Device <key>）',
    input: uploadPunchesInput,
    auth: 'device',
    output: uploadPunchesResult,
  }),
});
