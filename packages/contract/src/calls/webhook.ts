import { area, call, done, list } from '../call.js';
import {
  removeWebhooksInput,
  saveWebhookInput,
  savedWebhook,
  testWebhookInput,
  webhookDeliveriesInput,
  webhookListInput,
  webhookRow,
  webhookTestResult,
  webhookTry,
} from '../webhook.js';

export const webhookCalls = area('告警推送', {
  listWebhooks: list('POST', '/api/Webhook/List', {
    permission: 'webhook.edit',
    summary: '告警推送配置列表（不含密钥）',
    input: webhookListInput,
    row: webhookRow,
  }),
  saveWebhook: call('POST', '/api/Webhook/Save', {
    permission: 'webhook.edit',
    summary: '新增或修改告警推送（hook_id 为 0 时新增）',
    input: saveWebhookInput,
    output: savedWebhook,
  }),
  removeWebhooks: call('POST', '/api/Webhook/Remove', {
    permission: 'webhook.edit',
    summary: '删除告警推送',
    input: removeWebhooksInput,
    output: done,
  }),
  testWebhook: call('POST', '/api/Webhook/Test', {
    permission: 'webhook.edit',
    summary: '发送一条测试消息，答复对方的状态码与耗时',
    input: testWebhookInput,
    output: webhookTestResult,
  }),
  deliveries: list('POST', '/api/Webhook/Deliveries', {
    permission: 'webhook.edit',
    summary: '一个推送配置的每次发送记录，新的在前',
    input: webhookDeliveriesInput,
    row: webhookTry,
  }),
});
