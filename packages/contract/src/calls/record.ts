import { area, call, file, list } from '../call.js';
import { XLSX_TYPE } from '../files.js';
import { punchRow } from '../punch.js';
import {
  cardTotalRow,
  cardTotalsInput,
  downloadExportQuery,
  exportedFileName,
  punchExportInput,
  punchListInput,
  recordExportInput,
  recordListInput,
} from '../record.js';

export const recordCalls = area('巡检记录', {
  listPatrolLog: list('POST', '/api/PatrolLog/List', {
    permission: 'record.view',
    summary: '设备统计、人员统计：打卡记录',
    input: punchListInput,
    row: punchRow,
  }),
  exportPatrolLog: call('POST', '/api/PatrolLog/List_Export', {
    permission: 'record.export',
    summary: '导出设备统计或人员统计（data 为文件名，无数据时为空）',
    input: punchExportInput,
    output: exportedFileName,
  }),
  listClockIn: list('POST', '/api/PatrolClockIn/GetPatrolClockInList', {
    permission: 'record.view',
    summary: '打卡数据',
    input: punchListInput,
    row: punchRow,
  }),
  exportClockIn: call('POST', '/api/PatrolClockIn/ExportPatrolClockInList', {
    permission: 'record.export',
    summary: '导出打卡数据（data 为文件名，无数据时为空）',
    input: punchExportInput,
    output: exportedFileName,
  }),
  listRecords: list('POST', '/api/PatrolData/Records', {
    permission: 'record.view',
    summary: '巡检记录',
    input: recordListInput,
    row: punchRow,
  }),
  exportRecords: call('POST', '/api/PatrolData/ExportRecords', {
    permission: 'record.export',
    summary: '导出巡检记录（data 为文件名，无数据时为空）',
    input: recordExportInput,
    output: exportedFileName,
  }),
  listCardTotals: list('POST', '/api/PatrolData/TotalByPatrolCard', {
    permission: 'record.view',
    summary: '巡检点统计：每卡每日打卡次数',
    input: cardTotalsInput,
    row: cardTotalRow,
  }),
  exportCardTotals: call('POST', '/api/PatrolData/ExportTotalByPatrolCard', {
    permission: 'record.export',
    summary: '导出巡检点统计（data 为文件名，无数据时为空）',
    input: recordExportInput,
    output: exportedFileName,
  }),
  /** Opened as a plain link (no bearer header): the file name itself is the credential (API.md, Files). */
  downloadExport: file('GET', '/api/file/download_excelfile', {
    summary: '下载导出文件（文件名即凭证，一小时内有效）',
    input: downloadExportQuery,
    auth: 'public',
    fileType: XLSX_TYPE,
  }),
});
