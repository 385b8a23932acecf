import { z } from 'zod';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  internal,
  keyword,
  optionalHoldId,
  saveHoldId,
  saveId,
  searchType,
  text,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';
import { cardPositionFields } from './safety.js';

export const cardMessages = {
  numberRequired: '请输入卡编号！',
} as const;

export const CARD_SEARCH_TYPES = ['patrol_sn', 'patrol_name', 'location'] as const;
export type CardSearchType = (typeof CARD_SEARCH_TYPES)[number];

export const cardListInput = internal(
  pagingSchema.extend({
    search_type: searchType(CARD_SEARCH_TYPES),
    key: keyword,
    ContainChildren: includeChildren,
    HoldID: optionalHoldId,
  }),
);

export const cardRow = z.object({
  patrol_id: z.number(),
  patrol_sn: z.string(),
  patrol_name: z.string(),
  location: z.string(),
  remark: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  create_time: z.string(),
  /** The point's position (SAFETY.md): null when not set; the radius in metres. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  radius: z.number(),
  /** The point's checklist template (INSPECTION.md): 0 and '' when none. */
  checklist_id: z.number(),
  checklist_name: z.string(),
});
export type CardRow = z.infer<typeof cardRow>;

export const saveCardInput = internal(
  z.object({
    patrol_id: saveId,
    hold_id: saveHoldId,
    patrol_sn: text(100, '卡编号'),
    patrol_name: text(50, '巡检点名称'),
    location: text(100, '位置'),
    remark: text(200, '备注'),
    /** 0 or absent: none (an edit without it keeps the point's template). */
    checklist_id: z.preprocess((v) => (v === null || v === '' ? 0 : v), idNumber('检查表不正确', 0).optional()),
    ...cardPositionFields,
  }),
);
export type SaveCardInput = CallerInput<typeof saveCardInput>;

export const cardDetailQuery = z.object({ patrol_id: id });
export const removeCardInput = z.object({ patrol_ids: idList('请选择要删除的巡检点') });
export const cardOptionsQuery = internal(z.object({ hold_id: optionalHoldId }));

export const cardOption = z.object({
  patrol_id: z.number(),
  patrol_name: z.string(),
  patrol_sn: z.string(),
});
export type CardOption = z.infer<typeof cardOption>;
