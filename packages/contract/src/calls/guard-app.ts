import { area, call, file, list } from '../call.js';
import { uploadPunchesResult } from '../punch.js';
import {
  appPunchesInput,
  appRound,
  appRoundsQuery,
  eventListInput,
  eventRow,
  photoQuery,
  registerAppInput,
  registeredApp,
  uploadedPhoto,
} from '../guard-app.js';
import { z } from 'zod';

export const guardAppCalls = area('巡检助手', {
  registerApp: call('POST', '/api/Terminal/RegisterApp', {
    permission: 'app.use',
    summary: '登记本手机为巡检终端（同一 app_id 重复登记得到同一设备）',
    input: registerAppInput,
    output: registeredApp,
  }),
  appRounds: call('GET', '/api/Terminal/AppRounds', {
    permission: 'app.use',
    summary: '本账号今天要巡的轮次（及本手机的任务）与各点是否已巡',
    input: appRoundsQuery,
    output: z.array(appRound),
  }),
  appPunches: call('POST', '/api/Terminal/AppPunches', {
    permission: 'app.use',
    summary: '巡检助手上传打卡（含事件说明与照片），与终端上传同样幂等',
    input: appPunchesInput,
    output: uploadPunchesResult,
  }),
  /** Multipart with one `file`: JPEG, PNG or WebP by its bytes, at most 2 MB. */
  uploadPhoto: call('POST', '/api/Terminal/UploadPhoto', {
    permission: 'app.use',
    summary: '上传事件照片（multipart/form-data，≤2M，JPEG/PNG/WebP）',
    output: uploadedPhoto,
  }),
  photo: file('GET', '/api/Terminal/Photo', {
    permission: 'record.view',
    summary: '事件照片（仅限能看到该打卡记录的账号）',
    input: photoQuery,
    fileType: 'image/*',
  }),
  /** Where labels send a phone: `<PUBLIC_URL or the request's origin>/m/`; a point's label adds `p/<卡号>`. */
  appAddress: call('GET', '/api/Terminal/AppAddress', {
    permission: ['app.use', 'card.view'],
    summary: '巡检助手的地址（打印二维码用）',
    output: z.object({ url: z.string() }),
  }),
  listEvents: list('POST', '/api/Event/List', {
    permission: 'record.view',
    summary: '事件记录：带说明或照片的打卡，新的在前',
    input: eventListInput,
    row: eventRow,
  }),
});
