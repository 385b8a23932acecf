import { area, call, done, file, list } from '../call.js';
import { XLSX_TYPE } from '../files.js';
import {
  copyRosterInput,
  dutyAnswer,
  dutyInput,
  importRosterInput,
  removeShiftsInput,
  rosterImported,
  rosterMonth,
  rosterMonthInput,
  rosterTemplateInput,
  saveRosterInput,
  saveShiftInput,
  savedCells,
  savedShift,
  shiftListInput,
  shiftRow,
} from '../shift.js';

export const shiftCalls = area('班次与排班', {
  listShifts: list('POST', '/api/Shift/List', {
    permission: 'shift.view',
    summary: '班次列表：本组织及上级组织的班次',
    input: shiftListInput,
    row: shiftRow,
  }),
  saveShift: call('POST', '/api/Shift/Save', {
    permission: 'shift.edit',
    summary: '新增或修改班次（shift_id 为 0 时新增）',
    input: saveShiftInput,
    output: savedShift,
  }),
  removeShifts: call('POST', '/api/Shift/Remove', {
    permission: 'shift.edit',
    summary: '删除班次（被路线、任务或排班表使用时不能删除）',
    input: removeShiftsInput,
    output: done,
  }),
  rosterMonth: call('POST', '/api/Roster/Month', {
    permission: 'shift.view',
    summary: '一个组织一个月的排班表与出勤',
    input: rosterMonthInput,
    output: rosterMonth,
  }),
  saveRoster: call('POST', '/api/Roster/Save', {
    permission: 'shift.edit',
    summary: '保存排班（shift_id 为 0 表示休息；任一格超出范围则全部不保存）',
    input: saveRosterInput,
    output: savedCells,
  }),
  copyRoster: call('POST', '/api/Roster/Copy', {
    permission: 'shift.edit',
    summary: '把一段日期的排班复制到另一段（复制上周 / 上月）',
    input: copyRosterInput,
    output: savedCells,
  }),
  importRoster: call('POST', '/api/Roster/Import', {
    permission: 'shift.edit',
    summary: '从上传的 xlsx 导入排班，逐行报告失败原因',
    input: importRosterInput,
    output: rosterImported,
  }),
  rosterTemplate: file('GET', '/api/Roster/Template', {
    permission: 'shift.view',
    summary: '下载排班导入模板',
    input: rosterTemplateInput,
    fileType: XLSX_TYPE,
  }),
  onDuty: call('POST', '/api/Terminal/OnDuty', {
    permission: 'app.use',
    summary: '上岗打卡（今天没有排班 → 409）',
    input: dutyInput,
    output: dutyAnswer,
  }),
  offDuty: call('POST', '/api/Terminal/OffDuty', {
    permission: 'app.use',
    summary: '下岗打卡（今天没有排班 → 409）',
    input: dutyInput,
    output: dutyAnswer,
  }),
});
