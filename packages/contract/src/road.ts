import { z } from 'zod';
import { cardOption } from './card.js';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  internal,
  keyword,
  optionalHoldId,
  saveId,
  text,
  withoutNul,
  type CallerInput,
} from './common.js';
import { cycleMessages, roadCycleField } from './cycle.js';
import { pagingSchema } from './envelope.js';
import { graceMinutes } from './report.js';
import { timeSlot, timeSlotsInput } from './time-slots.js';
import { requireShift, walkerFields, walkerRowFields } from './shift.js';

export * from './cycle.js';
export * from './time-slots.js';

/** Road and task status (spec section 4); -1 means "all" in filters only. */
export const STATUS_TEXT: Record<number, string> = { 0: '未开始', 1: '进行中', 2: '已结束', 3: '异常', 4: '关闭' };

export const roadMessages = {
  nameRequired: '请输入路线名称！',
  accountsRequired: '请选择账号！',
  cardsRequired: '请选择巡检项！',
  endBeforeStart: '结束时间不能早于开始时间',
  simpleNameRequired: '请输入线路名称',
  simpleCardsRequired: '请选择巡检点',
  badHold: '数据异常，无法保存！',
  badItems: cycleMessages.badItems,
  badClock: '时间格式应为 HH:mm',
} as const;

const statusFilter = z.coerce.number().int().min(-1).max(4).catch(-1).optional().default(-1);
const holdId = idNumber(roadMessages.badHold);
const clock = z
  .string({ error: roadMessages.badClock })
  .trim()
  .max(8, roadMessages.badClock)
  .nullish()
  .transform((v) => v ?? '');
/** Items as names or numbers, an array or comma-joined text. */
const items = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: roadMessages.badItems })
  .nullish()
  .transform((v) => v ?? '');

export const roadListInput = internal(
  pagingSchema.extend({
    road_name: keyword,
    hold_id: optionalHoldId,
    include_children: includeChildren,
    status: statusFilter,
  }),
);

export const saveRoadInput = internal(
  z
    .object({
      road_id: saveId,
      road_name: z
        .string({ error: roadMessages.nameRequired })
        .trim()
        .min(1, roadMessages.nameRequired)
        .max(50, '路线名称不能超过 50 个字符')
        .refine(withoutNul, '路线名称包含不允许的字符'),
      hold_id: holdId,
      /** Required when the road is walked by its accounts; in shift mode it may be empty (SHIFTS.md). */
      user_id_list: z.preprocess(
        (v) => (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? undefined : v),
        idList(roadMessages.accountsRequired).optional(),
      ),
      ...walkerFields,
      card_id_list: idList(roadMessages.cardsRequired),
      cycle_repeat_type: roadCycleField,
      cycle_repeat_items: items,
      start_time: clock,
      end_time: clock,
      /** Several windows a day (SHIFTS.md); when given, start_time/end_time are ignored. */
      time_slots: timeSlotsInput,
      grace_minutes: graceMinutes,
      remark: text(200, '备注'),
    })
    .superRefine((input, ctx) => {
      if (input.walker_mode !== 'shift' && !input.user_id_list) {
        ctx.addIssue({ code: 'custom', message: roadMessages.accountsRequired, path: ['user_id_list'] });
      }
      requireShift(input, ctx);
    }),
);

export const roadIdQuery = z.object({ roadId: id });
export const roadIdSnakeQuery = z.object({ road_id: id });
export const closeRoadInput = z.object({ road_id: id });

export const roadInfoListInput = internal(
  pagingSchema.extend({
    road_name: keyword,
    hold_id: optionalHoldId,
    include_children: includeChildren,
  }),
);

export const saveRoadInfoNewInput = internal(
  z.object({
    road_id: saveId,
    road_name: z
      .string({ error: roadMessages.simpleNameRequired })
      .trim()
      .min(1, roadMessages.simpleNameRequired)
      .max(50, '线路名称不能超过 50 个字符')
      .refine(withoutNul, '线路名称包含不允许的字符'),
    hold_id: holdId,
    patrol_card_ids: idList(roadMessages.simpleCardsRequired),
    patrol_card_names: z.unknown().optional(),
    grace_minutes: graceMinutes,
    remark: text(200, '备注'),
  }),
);

export const removeRoadInput = z.object({ road_ids: idList('请选择要删除的线路') });

/** A road row of the lists, with its live status and everything the tables show. */
export const roadRow = z.object({
  road_id: z.number(),
  road_name: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  status: z.number(),
  status_text: z.string(),
  /** The RoadCycle number. */
  cycle_repeat_type: z.number(),
  cycle_repeat_items: z.string(),
  cycle_text: z.string(),
  cycle_everydays: z.number(),
  cycle_weeks: z.string(),
  cycle_monthdays: z.string(),
  /** The first slot's start and the last slot's end ('' for an open edge). */
  start_time: z.string(),
  end_time: z.string(),
  /** The day's windows in start order: one for a road with a single window, `[]` for the whole day. */
  time_slots: z.array(timeSlot),
  /** Minutes a punch may come before the window or after it and still check its point. */
  grace_minutes: z.number(),
  ...walkerRowFields,
  /** Bound accounts' names, comma-joined; user_id their ids. */
  patrol_users: z.string(),
  user_id: z.string(),
  /** The points in order: names, and ids comma-joined. */
  patrol_cards: z.string(),
  patrol_card_ids: z.string(),
  patrol_card_names: z.string(),
  remark: z.string(),
  create_time: z.string(),
});
export type RoadRow = z.infer<typeof roadRow>;

export type SaveRoadInput = CallerInput<typeof saveRoadInput>;
export type SaveRoadInfoNewInput = CallerInput<typeof saveRoadInfoNewInput>;

/** An account bound to a road (`GetBindAccounts`). */
export const boundAccount = z.object({
  user_id: z.number(),
  user_name: z.string(),
  true_name: z.string(),
});
export type BoundAccount = z.infer<typeof boundAccount>;

/** A road's point in walking order (`GetBindCards`): as a point's option. */
export const boundCard = cardOption;
export type BoundCard = z.infer<typeof boundCard>;

export const roadOption = z.object({
  road_id: z.number(),
  road_name: z.string(),
});
export type RoadOption = z.infer<typeof roadOption>;
