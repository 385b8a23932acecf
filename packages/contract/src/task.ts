import { z } from 'zod';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  isCalendarDate,
  keyword,
  optionalHoldId,
  saveId,
  text,
  withoutNul,
} from './common.js';
import { pagingSchema } from './envelope.js';

export const taskMessages = {
  nameRequired: '请输入任务名称',
  roadRequired: '请选择线路',
  badHold: '数据异常，无法保存！',
  deviceRequired: '请选择巡检设备',
  badExpire: '到期日期格式应为 YYYY-MM-DD',
} as const;

/** Task cycle modes: 1 single, 2 daily, 3 weekly, 4 monthly. */
export const TASK_CYCLE_TEXT: Record<number, string> = { 1: '单次', 2: '每天', 3: '每周', 4: '每月' };

export const taskListInput = pagingSchema.extend({
  task_name: keyword,
  road_name: keyword,
  include_children: includeChildren,
  hold_id: optionalHoldId,
  task_status: z.coerce.number().int().min(-1).max(4).catch(-1).optional().default(-1),
});

export const saveTaskInput = z.object({
  task_id: saveId,
  hold_id: idNumber(taskMessages.badHold),
  task_name: z
    .string({ error: taskMessages.nameRequired })
    .trim()
    .min(1, taskMessages.nameRequired)
    .max(50, '任务名称不能超过 50 个字符')
    .refine(withoutNul, '任务名称包含不允许的字符'),
  road_id: idNumber(taskMessages.roadRequired),
  object_id: idNumber(taskMessages.deviceRequired),
  cycle_repeat_mode: z.coerce.number().int().min(1, '巡检周期不正确').max(4, '巡检周期不正确').catch(2).default(2),
  cycle_repeat_value: z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))])
    .nullish()
    .transform((v) => v ?? ''),
  expire_date: z
    .string({ error: taskMessages.badExpire })
    .trim()
    .nullish()
    .transform((v) => (v ?? '').slice(0, 10))
    .pipe(z.string().refine((value) => value === '' || isCalendarDate(value), taskMessages.badExpire)),
  start_time: text(19, '开始时间'),
  end_time: text(19, '结束时间'),
});

export const taskIdQuery = z.object({ task_id: id });
export const roadOptionsQuery = z.object({ hold_id: optionalHoldId });
export const removeTaskInput = z.object({ task_ids: idList('请选择要删除的任务') });

export interface TaskRow {
  task_id: number;
  hold_id: number;
  hold_name: string;
  task_name: string;
  road_id: number;
  road_name: string;
  object_id: number;
  device_name: string;
  device_no: string;
  cycle_repeat_mode: number;
  cycle_repeat_value: string;
  cycle_text: string;
  start_time: string;
  end_time: string;
  expire_time: string;
  patrol_card_names: string;
  status: number;
  status_text: string;
  create_time: string;
}
