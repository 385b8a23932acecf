import { area, call, list } from '../call.js';
import {
  exportMissedInput,
  exportMissedResult,
  missedReportInput,
  missedReportRow,
  missedRound,
  missedRoundsInput,
  roundPoints,
  roundPointsQuery,
} from '../report.js';

export const reportCalls = area('报表', {
  roundPoints: call('GET', '/api/Report/RoundPoints', {
    permission: ['record.view', 'road.view'],
    summary: '一轮巡检的各点结果（正常、早到、迟到、漏检、待检）',
    input: roundPointsQuery,
    output: roundPoints,
  }),
  missedReport: list('POST', '/api/Report/Missed', {
    permission: 'record.view',
    summary: '漏检报表：按路线、巡检人、组织或日期分组',
    input: missedReportInput,
    row: missedReportRow,
  }),
  missedRounds: list('POST', '/api/Report/MissedRounds', {
    permission: 'record.view',
    summary: '漏检报表一行的巡检轮次及其漏检点',
    input: missedRoundsInput,
    row: missedRound,
  }),
  exportMissed: call('POST', '/api/Report/ExportMissed', {
    permission: 'record.export',
    summary: '导出漏检报表（fileName 为空表示无数据）',
    input: exportMissedInput,
    output: exportMissedResult,
  }),
});
