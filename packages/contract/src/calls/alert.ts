import { area, call, done, file, list } from '../call.js';
import {
  alertListInput,
  alertRow,
  alertSettings,
  alertSettingsQuery,
  handleAlertsInput,
  saveAlertSettingsInput,
  unhandledCount,
} from '../alert.js';

export const alertCalls = area('告警', {
  listAlerts: list('POST', '/api/Alert/List', {
    permission: 'alert.view',
    summary: '告警列表（漏检、终端离线、时钟异常、疑似代打），新的在前',
    input: alertListInput,
    row: alertRow,
  }),
  unhandledCount: call('GET', '/api/Alert/UnhandledCount', {
    permission: 'alert.view',
    summary: '本组织范围内未处理的告警数',
    output: unhandledCount,
  }),
  handleAlerts: call('POST', '/api/Alert/Handle', {
    permission: 'alert.handle',
    summary: '处理告警：填写说明，标为已处理',
    input: handleAlertsInput,
    output: done,
  }),
  /** Server-sent events: `event: alert` with an alert row as `data`; a `:` comment at least every 15 s. */
  stream: file('GET', '/api/Alert/Stream', {
    permission: 'alert.view',
    summary: '告警实时推送（text/event-stream，Authorization 请求头）',
    fileType: 'text/event-stream',
  }),
  settings: call('GET', '/api/Alert/Settings', {
    permission: ['alert.view', 'alert.handle'],
    summary: '企业的告警设置（终端离线时长）',
    input: alertSettingsQuery,
    output: alertSettings,
  }),
  saveSettings: call('POST', '/api/Alert/UpdateSettings', {
    permission: 'alert.handle',
    summary: '保存企业的告警设置（终端离线时长，1-720 小时）',
    input: saveAlertSettingsInput,
    output: done,
  }),
});
