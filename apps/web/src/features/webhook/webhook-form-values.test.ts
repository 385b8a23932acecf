import { ALERT_KINDS, webhookMessages, type WebhookRow } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_LIST_PARAMS } from '../../components/paging';
import { webhookListBody } from './api';
import {
  newWebhookValues,
  toggledInput,
  toSaveWebhookInput,
  webhookFormError,
  webhookValuesOf,
  type WebhookFormValues,
} from './webhook-form-values';
import { statusText, testResultText } from './webhook-results';

const ROW: WebhookRow = {
  hook_id: 6,
  hold_id: 2,
  hold_name: '华安物业',
  name: '保安部值班群',
  url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc',
  format: 'json',
  kinds: [1, 3],
  enabled: true,
  has_secret: true,
  create_time: '2026-11-20 09:00:00',
  last_status: '200',
  last_time: '2026-11-23 08:31:06',
};

const valid = (patch: Partial<WebhookFormValues> = {}): WebhookFormValues => ({
  ...newWebhookValues(),
  name: '值班群',
  url: 'https://oapi.dingtalk.com/robot/send?access_token=x',
  ...patch,
});

describe('the webhook form’s checks', () => {
  it('start a new hook as an enabled 企业微信 robot for every kind, and accept a filled one', () => {
    expect(newWebhookValues()).toEqual({
      name: '',
      url: '',
      format: 'wecom',
      secret: '',
      // Every kind the contract knows (more come with later features: 巡检异常, 整改超期, …).
      kinds: [...ALERT_KINDS],
      enabled: true,
    });
    expect(webhookFormError(valid())).toBeNull();
  });

  it('need a name of at most 50 characters', () => {
    expect(webhookFormError(valid({ name: '  ' }))).toBe(webhookMessages.nameRequired);
    expect(webhookFormError(valid({ name: '群'.repeat(51) }))).toBe(webhookMessages.nameTooLong);
  });

  it('need an http(s) address of at most 500 characters', () => {
    expect(webhookFormError(valid({ url: '' }))).toBe(webhookMessages.urlRequired);
    expect(webhookFormError(valid({ url: 'ftp://example.com/hook' }))).toBe(webhookMessages.badUrl);
    expect(webhookFormError(valid({ url: 'qyapi.weixin.qq.com/send' }))).toBe(webhookMessages.badUrl);
    expect(webhookFormError(valid({ url: 'https://' }))).toBe(webhookMessages.badUrl);
    expect(webhookFormError(valid({ url: `https://a.example.com/${'x'.repeat(500)}` }))).toBe(
      webhookMessages.urlTooLong,
    );
    // Whether the address is public, and whether plain http is allowed, is the server's to say.
    expect(webhookFormError(valid({ url: 'http://127.0.0.1:9000/hook' }))).toBeNull();
  });

  it('need at least one kind of alert', () => {
    expect(webhookFormError(valid({ kinds: [] }))).toBe(webhookMessages.badKinds);
  });

  it('need a secret for a new generic JSON hook, but keep the stored one on an edit', () => {
    expect(webhookFormError(valid({ format: 'json' }))).toBe(webhookMessages.secretRequired);
    expect(webhookFormError(valid({ format: 'json', secret: 's3cret' }))).toBeNull();
    expect(webhookFormError(valid({ format: 'json' }), true)).toBeNull();
    expect(webhookFormError(valid({ secret: 'k'.repeat(201) }))).toBe(webhookMessages.secretTooLong);
  });

  it('refuse text with a NUL character', () => {
    expect(webhookFormError(valid({ name: `值班\u0000群` }))).toBe(webhookMessages.badText);
  });
});

describe('saving a webhook', () => {
  it('sends a new hook to the organisation picked, trimmed, with its kinds once each and in order', () => {
    const values = valid({ name: ' 值班群 ', kinds: [3, 1, 3], secret: ' k ' });
    expect(toSaveWebhookInput(values, 0, 2)).toEqual({
      hook_id: 0,
      holdId: 2,
      name: '值班群',
      url: 'https://oapi.dingtalk.com/robot/send?access_token=x',
      format: 'wecom',
      secret: 'k',
      kinds: [1, 3],
      enabled: true,
    });
  });

  it('edits a row without ever knowing its secret: an empty one keeps it', () => {
    expect(webhookValuesOf(ROW)).toMatchObject({ name: '保安部值班群', format: 'json', secret: '', kinds: [1, 3] });
    expect(toSaveWebhookInput(webhookValuesOf(ROW), 6, 2)).toMatchObject({ hook_id: 6, holdId: 2, secret: '' });
  });

  it('switches 启用 by saving the row as it is', () => {
    expect(toggledInput(ROW, false)).toEqual({
      hook_id: 6,
      holdId: 2,
      name: '保安部值班群',
      url: ROW.url,
      format: 'json',
      secret: '',
      kinds: [1, 3],
      enabled: false,
    });
  });

  it('lists the picked organisation with its subordinates unless unticked', () => {
    expect(webhookListBody(FIRST_LIST_PARAMS)).toEqual({
      holdId: undefined,
      includeChildren: true,
      page: 1,
      pageSize: 25,
    });
    expect(webhookListBody({ ...FIRST_LIST_PARAMS, holdId: 2, filters: { includeChildren: false } })).toMatchObject({
      holdId: 2,
      includeChildren: false,
    });
  });
});

describe('what a try says', () => {
  it('calls status 0 无应答', () => {
    expect(statusText(0)).toBe('无应答');
    expect(statusText('0')).toBe('无应答');
    expect(statusText(502)).toBe('502');
    expect(statusText('')).toBe('—');
  });

  it('reports a test with its status, time and error', () => {
    expect(testResultText({ status: 200, ms: 85, error: '' })).toBe('测试成功：HTTP 200，耗时 85 ms');
    expect(testResultText({ status: 0, ms: 10000, error: '连接超时' })).toBe(
      '测试失败：无应答，耗时 10000 ms，连接超时',
    );
    expect(testResultText({ status: 404, ms: 40, error: '' })).toBe('测试失败：HTTP 404，耗时 40 ms');
  });
});
