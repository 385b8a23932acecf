import { area, call, done, list } from '../call.js';
import {
  digestDeliveriesInput,
  digestDelivery,
  digestIdInput,
  digestListInput,
  digestOptions,
  digestOptionsInput,
  digestPreview,
  digestRow,
  digestSent,
  removeDigestsInput,
  saveDigestInput,
  savedDigest,
} from '../digest.js';

export const digestCalls = area('定时报表', {
  listDigests: list('POST', '/api/Digest/List', {
    permission: 'digest.edit',
    summary: '定时报表订阅列表',
    input: digestListInput,
    row: digestRow,
  }),
  saveDigest: call('POST', '/api/Digest/Save', {
    permission: 'digest.edit',
    summary: '新增或修改定时报表（digest_id 为 0 时新增）',
    input: saveDigestInput,
    output: savedDigest,
  }),
  removeDigests: call('POST', '/api/Digest/Remove', {
    permission: 'digest.edit',
    summary: '删除定时报表',
    input: removeDigestsInput,
    output: done,
  }),
  previewDigest: call('POST', '/api/Digest/Preview', {
    permission: 'digest.edit',
    summary: '预览上一个完整周期的邮件，不发送',
    input: digestIdInput,
    output: digestPreview,
  }),
  sendDigestNow: call('POST', '/api/Digest/SendNow', {
    permission: 'digest.edit',
    summary: '立即发送上一个完整周期（记为手动发送）',
    input: digestIdInput,
    output: digestSent,
  }),
  digestDeliveries: list('POST', '/api/Digest/Deliveries', {
    permission: 'digest.edit',
    summary: '一个定时报表的发送记录，新的在前',
    input: digestDeliveriesInput,
    row: digestDelivery,
  }),
  digestOptions: call('GET', '/api/Digest/Options', {
    permission: 'digest.edit',
    summary: '新增 / 编辑对话框的选项：是否已配置邮件服务器，可选的告警推送',
    input: digestOptionsInput,
    output: digestOptions,
  }),
});
