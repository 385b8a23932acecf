import { area, call, done, list } from '../call.js';
import { z } from 'zod';
import {
  answerRow,
  answersQuery,
  assignHazardInput,
  checklistDetail,
  checklistIdQuery,
  checklistListInput,
  checklistRow,
  fixHazardInput,
  hazardDetail,
  hazardExportInput,
  hazardIdQuery,
  hazardListInput,
  hazardMoveInput,
  hazardRow,
  hazardStats,
  hazardStatsInput,
  ignoreHazardInput,
  removeChecklistsInput,
  saveChecklistInput,
  savedChecklist,
  setPointsChecklistInput,
} from '../inspection.js';

/** 检查表 (INSPECTION.md, Calls): templates; viewing them follows `card.view`, editing needs `checklist.edit`. */
export const checklistCalls = area('检查表', {
  listChecklists: list('POST', '/api/Checklist/List', {
    permission: 'card.view',
    summary: '检查表列表（巡检点管理的检查表选择也用它）',
    input: checklistListInput,
    row: checklistRow,
  }),
  checklistDetail: call('GET', '/api/Checklist/Detail', {
    permission: 'card.view',
    summary: '检查表及其检查项',
    input: checklistIdQuery,
    output: checklistDetail,
  }),
  setPointsChecklist: call('POST', '/api/Checklist/SetPoints', {
    permission: 'checklist.edit',
    summary: '为巡检点设置检查表（checklist_id 为 0 时取消）',
    input: setPointsChecklistInput,
    output: done,
  }),
  saveChecklist: call('POST', '/api/Checklist/Save', {
    permission: 'checklist.edit',
    summary: '新增或修改检查表（checklist_id 为 0 时新增）；修改只影响之后的检查结果',
    input: saveChecklistInput,
    output: savedChecklist,
  }),
  removeChecklists: call('POST', '/api/Checklist/Remove', {
    permission: 'checklist.edit',
    summary: '删除检查表（被巡检点使用时 409）',
    input: removeChecklistsInput,
    output: done,
  }),
});

/** 隐患管理 (INSPECTION.md, Hazards and their work orders). */
export const hazardCalls = area('隐患管理', {
  inspectionAnswers: call('GET', '/api/Inspection/Answers', {
    permission: 'record.view',
    summary: '一次打卡的检查结果（检查项保留填写时的内容）',
    input: answersQuery,
    output: z.array(answerRow),
  }),
  listHazards: list('POST', '/api/Hazard/List', {
    permission: 'hazard.view',
    summary: '隐患列表，新的在前',
    input: hazardListInput,
    row: hazardRow,
  }),
  hazardDetail: call('GET', '/api/Hazard/Detail', {
    permission: 'hazard.view',
    summary: '隐患详情与处理记录',
    input: hazardIdQuery,
    output: hazardDetail,
  }),
  assignHazard: call('POST', '/api/Hazard/Assign', {
    permission: 'hazard.assign',
    summary: '指派整改人与整改期限（待处理或整改中）',
    input: assignHazardInput,
    output: done,
  }),
  ignoreHazard: call('POST', '/api/Hazard/Ignore', {
    permission: 'hazard.assign',
    summary: '忽略隐患（须填写说明）',
    input: ignoreHazardInput,
    output: done,
  }),
  fixHazard: call('POST', '/api/Hazard/Fix', {
    permission: ['app.use', 'hazard.view'],
    summary: '整改人提交整改（说明与 0-3 张照片），进入待复核',
    input: fixHazardInput,
    output: done,
  }),
  verifyHazard: call('POST', '/api/Hazard/Verify', {
    permission: 'hazard.verify',
    summary: '复核通过，关闭隐患',
    input: hazardMoveInput,
    output: done,
  }),
  rejectHazard: call('POST', '/api/Hazard/Reject', {
    permission: 'hazard.verify',
    summary: '复核退回，回到整改中',
    input: hazardMoveInput,
    output: done,
  }),
  myHazards: call('GET', '/api/Terminal/MyHazards', {
    permission: 'app.use',
    summary: '我的整改：指派给本账号、整改中的隐患',
    output: z.array(hazardRow),
  }),
  hazardStats: call('POST', '/api/Hazard/Stats', {
    permission: 'hazard.view',
    summary: '隐患统计：按状态、等级计数，平均关闭时长，隐患最多的 10 个巡检点',
    input: hazardStatsInput,
    output: hazardStats,
  }),
  exportHazards: call('POST', '/api/Hazard/Export', {
    permission: 'record.export',
    summary: '导出隐患列表（data 为文件名，无数据时为空）',
    input: hazardExportInput,
    output: z.object({ fileName: z.string() }),
  }),
});
