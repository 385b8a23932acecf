import { MAX_ANSWER_PHOTOS, MAX_ANSWER_TEXT } from '@guard-tour/contract';
import type { HazardMove } from './hazard-moves.js';

/**
 * The server's own refusals of inspection calls (INSPECTION.md): kept out of the contract, which every client
 * loads (the guard app's shell has a budget), since only the server says them.
 */
export const inspectionRefusals = {
  nameTaken: '该检查表名称已存在',
  itemUnknown: '检查项不存在或不属于该检查表',
  inUse: '检查表已被巡检点使用，无法删除',
  missing: '检查表不存在或已删除',
  badChecklist: '检查表不存在或不属于该巡检点的组织',
  noChecklist: '该巡检点没有检查表，不能提交检查结果',
  answerUnknown: '检查项不存在或已修改，请刷新后重新填写',
  answerTwice: '同一检查项只能回答一次',
  answerRequired: (text: string) => `请填写必填项：${text}`,
  answerNormal: (text: string) => `${text}：请选择正常或异常`,
  answerNumber: (text: string) => `${text}：请输入数字`,
  answerOption: (text: string) => `${text}：请选择列出的选项`,
  answerText: (text: string) => `${text}：文字不能超过 ${MAX_ANSWER_TEXT} 个字符`,
  answerPhotos: (text: string) => `${text}：请上传 1-${MAX_ANSWER_PHOTOS} 张照片`,
  hazardMissing: '隐患不存在或已删除',
  pastDeadline: '整改期限不能早于当前时间',
  assigneeOutside: '整改人不存在或不在该隐患的组织范围内',
  notAllowed: '当前状态不能执行该操作',
  notAssignee: '只有整改人可以提交整改',
} as const;

export const HAZARD_MOVE_TEXT: Readonly<Record<HazardMove, string>> = {
  assign: '指派',
  ignore: '忽略',
  fix: '提交整改',
  verify: '复核通过',
  reject: '退回',
};
