import { area, list } from '../call.js';
import { sysLogListInput, sysLogRow } from '../syslog-list.js';

export const syslogCalls = area('日志', {
  listLogs: list('POST', '/api/SysLog/GetSysLogsList', {
    permission: 'log.view',
    summary: '操作日志与登录日志',
    input: sysLogListInput,
    row: sysLogRow,
  }),
});
