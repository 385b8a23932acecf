import { z } from 'zod';
import { requireShift, walkerFields, walkerRowFields } from './shift.js';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  internal,
  isCalendarDate,
  keyword,
  optionalHoldId,
  saveId,
  text,
  withoutNul,
  type CallerInput,
} from './common.js';
import { taskModeField } from './cycle.js';
import { pagingSchema } from './envelope.js';
import { graceMinutes } from './report.js';
import { timeSlot, timeSlotsInput } from './time-slots.js';

export const taskMessages = {
  nameRequired: '请输入任务名称',
  roadRequired: '请选择线路',
  badHold: '数据异常，无法保存！',
  deviceRequired: '请选择巡检设备',
  badExpire: '到期日期格式应为 YYYY-MM-DD',
} as const;

export const taskListInput = internal(
  pagingSchema.extend({
    task_name: keyword,
    road_name: keyword,
    include_children: includeChildren,
    hold_id: optionalHoldId,
    task_status: z.coerce.number().int().min(-1).max(4).catch(-1).optional().default(-1),
  }),
);

export const saveTaskInput = internal(
  z
    .object({
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
      cycle_repeat_mode: taskModeField,
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
      /** Several windows a day (SHIFTS.md); when given, the clock parts of start_time/end_time are ignored. */
      time_slots: timeSlotsInput,
      grace_minutes: graceMinutes,
      ...walkerFields,
    })
    .superRefine(requireShift),
);

export const taskIdQuery = z.object({ task_id: id });
export const roadOptionsQuery = internal(z.object({ hold_id: optionalHoldId }));
export const removeTaskInput = z.object({ task_ids: idList('请选择要删除的任务') });

export type SaveTaskInput = CallerInput<typeof saveTaskInput>;

/** A task row of the list and the detail, with its live status. */
export const taskRow = z.object({
  task_id: z.number(),
  hold_id: z.number(),
  hold_name: z.string(),
  task_name: z.string(),
  road_id: z.number(),
  road_name: z.string(),
  object_id: z.number(),
  device_name: z.string(),
  device_no: z.string(),
  /** The TaskMode number. */
  cycle_repeat_mode: z.number(),
  /** Weekly and monthly tasks: the items as names (`周一,周三`, `1号,15号`); '' otherwise. */
  cycle_repeat_value: z.string(),
  cycle_text: z.string(),
  /** A single task's day `YYYY-MM-DD`; '' for repeating tasks. */
  single_date: z.string(),
  /** The first slot's start and the last slot's end ('' for an open edge). */
  start_time: z.string(),
  end_time: z.string(),
  /** The day's windows in start order: one for a task with a single window, `[]` for the whole day. */
  time_slots: z.array(timeSlot),
  /** Minutes a punch may come before the window or after it and still check its point. */
  grace_minutes: z.number(),
  ...walkerRowFields,
  /** `YYYY-MM-DD`, '' when the task never expires. */
  expire_time: z.string(),
  patrol_card_names: z.string(),
  status: z.number(),
  status_text: z.string(),
  create_time: z.string(),
});
export type TaskRow = z.infer<typeof taskRow>;
