import { z } from 'zod';
import {
  id,
  idList,
  idNumber,
  includeChildren,
  internal,
  isCalendarDate,
  optionalHoldId,
  saveHoldId,
  saveId,
  withoutNul,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';

/**
 * Inspection items and hazards (INSPECTION.md and its pinned calls): checklist templates of an organisation, the
 * answers a guard gives at a point, and the hazards (隐患) abnormal answers raise, moved through their states.
 */

export const CheckItemKind = { normal: 1, number: 2, choice: 3, text: 4, photo: 5 } as const;
export type CheckItemKind = (typeof CheckItemKind)[keyof typeof CheckItemKind];
export const CHECK_ITEM_KINDS: readonly CheckItemKind[] = [1, 2, 3, 4, 5];
/** A kind-1 answer's two values. */
export const NORMAL_VALUE = '正常';
export const ABNORMAL_VALUE = '异常';

export const MAX_ITEM_TEXT = 100;
export const MAX_ITEMS = 50;
export const MAX_ANSWER_TEXT = 500;
export const MAX_UNIT = 20;
export const MAX_OPTION_TEXT = 50;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
export const MAX_ANSWER_PHOTOS = 3;
export const MAX_HAZARD_NOTE = 200;
export const MAX_HAZARD_PHOTOS = 3;

export const inspectionMessages = {
  nameRequired: '请输入检查表名称',
  nameTooLong: '检查表名称不能超过 50 个字符',
  badName: '检查表名称包含不允许的字符',
  noItems: '检查表至少需要一个检查项',
  tooManyItems: `检查表最多 ${MAX_ITEMS} 个检查项`,
  itemText: (n: number) => `第 ${n} 项：请输入检查内容（不超过 ${MAX_ITEM_TEXT} 个字符）`,
  itemKind: (n: number) => `第 ${n} 项：检查类型不正确`,
  itemUnit: (n: number) => `第 ${n} 项：单位不能超过 ${MAX_UNIT} 个字符`,
  itemRange: (n: number) => `第 ${n} 项：最小值不能大于最大值`,
  itemNumber: (n: number) => `第 ${n} 项：范围应为数字`,
  itemOptions: (n: number) => `第 ${n} 项：单选需要 ${MIN_OPTIONS}-${MAX_OPTIONS} 个选项`,
  itemOptionText: (n: number) => `第 ${n} 项：选项应为1-${MAX_OPTION_TEXT}个字`,
  itemOptionTwice: (n: number) => `第 ${n} 项：选项不能重复`,
  badIds: '请选择要删除的检查表',
  badChecklist: '检查表不正确',
  noPoints: '请选择巡检点',
  // Answers (AppPunches records): the record is rejected with one of these.
  badAnswers: '检查结果格式不正确',
  // Hazards.
  badState: '隐患状态不正确',
  badLevel: '隐患等级不正确',
  badDate: '日期格式应为 YYYY-MM-DD',
  endBeforeStart: '结束日期不能早于开始日期',
  badDeadline: '整改期限格式应为 YYYY-MM-DD HH:mm',
  assigneeRequired: '请选择整改人',
  noteRequired: '请填写说明',
  noteTooLong: `说明不能超过 ${MAX_HAZARD_NOTE} 个字`,
  badNote: '说明包含不允许的字符',
  badPhotos: `最多上传 ${MAX_HAZARD_PHOTOS} 张照片`,
  badAnswersId: '打卡记录ID不正确',
} as const;

// --- templates --------------------------------------------------------------------------------------------------

const optionalNumber = z.preprocess(
  (value) =>
    value === '' || value === null || value === undefined
      ? null
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : value,
  z.number().finite().nullable(),
);

export const checklistOption = z.object({
  text: z.string().trim(),
  abnormal: z.boolean().optional().default(false),
});
export type ChecklistOption = z.output<typeof checklistOption>;

/** An item as Save reads it; the whole list is checked item by item with the item's number in the message. */
const rawItem = z.object({
  item_id: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  text: z.unknown(),
  kind: z.unknown(),
  required: z.boolean().nullish(),
  critical: z.boolean().nullish(),
  unit: z.unknown().optional(),
  min: z.unknown().optional(),
  max: z.unknown().optional(),
  options: z.unknown().optional(),
});

export interface ChecklistItemInput {
  item_id?: number;
  text: string;
  kind: CheckItemKind;
  required: boolean;
  critical: boolean;
  unit: string;
  min: number | null;
  max: number | null;
  options: ChecklistOption[];
}

function readItem(raw: z.output<typeof rawItem>, n: number, issues: z.core.$RefinementCtx): ChecklistItemInput | null {
  const fail = (message: string) => {
    issues.addIssue({ code: 'custom', message, path: ['items', n - 1] });
    return null;
  };
  const text = typeof raw.text === 'string' ? raw.text.trim() : '';
  if (!text || text.length > MAX_ITEM_TEXT || !withoutNul(text)) return fail(inspectionMessages.itemText(n));
  const kind = Number(raw.kind);
  if (!(CHECK_ITEM_KINDS as readonly number[]).includes(kind)) return fail(inspectionMessages.itemKind(n));
  const item: ChecklistItemInput = {
    ...(raw.item_id ? { item_id: raw.item_id } : {}),
    text,
    kind: kind as CheckItemKind,
    required: raw.required ?? true,
    critical: raw.critical ?? false,
    unit: '',
    min: null,
    max: null,
    options: [],
  };
  if (kind === CheckItemKind.number) {
    const unit = raw.unit === undefined || raw.unit === null ? '' : raw.unit;
    if (typeof unit !== 'string' || unit.trim().length > MAX_UNIT || !withoutNul(unit)) {
      return fail(inspectionMessages.itemUnit(n));
    }
    const min = optionalNumber.safeParse(raw.min);
    const max = optionalNumber.safeParse(raw.max);
    if (!min.success || !max.success) return fail(inspectionMessages.itemNumber(n));
    if (min.data !== null && max.data !== null && min.data > max.data) return fail(inspectionMessages.itemRange(n));
    Object.assign(item, { unit: unit.trim(), min: min.data, max: max.data });
  }
  if (kind === CheckItemKind.choice) {
    const options = z.array(checklistOption).safeParse(raw.options);
    if (!options.success || options.data.length < MIN_OPTIONS || options.data.length > MAX_OPTIONS) {
      return fail(inspectionMessages.itemOptions(n));
    }
    if (options.data.some((o) => !o.text || o.text.length > MAX_OPTION_TEXT || !withoutNul(o.text))) {
      return fail(inspectionMessages.itemOptionText(n));
    }
    if (new Set(options.data.map((o) => o.text)).size !== options.data.length) {
      return fail(inspectionMessages.itemOptionTwice(n));
    }
    item.options = options.data;
  }
  return item;
}

export const saveChecklistInput = internal(
  z
    .object({
      checklist_id: saveId,
      hold_id: saveHoldId,
      checklist_name: z
        .string({ error: inspectionMessages.nameRequired })
        .trim()
        .min(1, inspectionMessages.nameRequired)
        .max(50, inspectionMessages.nameTooLong)
        .refine(withoutNul, inspectionMessages.badName),
      items: z
        .array(rawItem, { error: inspectionMessages.noItems })
        .min(1, inspectionMessages.noItems)
        .max(MAX_ITEMS, inspectionMessages.tooManyItems),
    })
    .transform((value, issues) => {
      const items: ChecklistItemInput[] = [];
      for (const [i, raw] of value.items.entries()) {
        const item = readItem(raw, i + 1, issues);
        if (!item) return z.NEVER;
        items.push(item);
      }
      return { ...value, items };
    }),
);
export type SaveChecklistInput = CallerInput<typeof saveChecklistInput>;
export const savedChecklist = z.object({ checklist_id: z.number() });

export const checklistListInput = internal(
  pagingSchema.extend({
    hold_id: optionalHoldId,
    include_children: includeChildren,
    checklist_name: z
      .string()
      .trim()
      .max(50)
      .refine(withoutNul)
      .nullish()
      .transform((v) => v ?? '')
      .catch(''),
  }),
);
export type ChecklistListInput = CallerInput<typeof checklistListInput>;

export const checklistRow = z.object({
  checklist_id: z.number(),
  checklist_name: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  item_count: z.number(),
  point_count: z.number(),
  update_time: z.string(),
});
export type ChecklistRow = z.infer<typeof checklistRow>;

export const checklistItem = z.object({
  item_id: z.number(),
  text: z.string(),
  kind: z.number(),
  required: z.boolean(),
  critical: z.boolean(),
  unit: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: z.array(z.object({ text: z.string(), abnormal: z.boolean() })),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const checklistDetail = checklistRow.extend({ items: z.array(checklistItem) });
export type ChecklistDetail = z.infer<typeof checklistDetail>;
export const checklistIdQuery = z.object({ checklist_id: id });
export const removeChecklistsInput = z.object({ checklist_ids: idList(inspectionMessages.badIds) });
export type RemoveChecklistsInput = z.input<typeof removeChecklistsInput>;
/**
 * `Checklist/SetPoints`: the template the points use from now on (0: none). Putting a checklist on a point is
 * managing checklists (`checklist.edit`, which 主管 holds), not managing the point (`card.edit`).
 */
export const setPointsChecklistInput = z.object({
  checklist_id: z.preprocess((v) => (v === null || v === '' ? 0 : v), idNumber(inspectionMessages.badChecklist, 0)),
  patrol_ids: idList(inspectionMessages.noPoints),
});
export type SetPointsChecklistInput = z.input<typeof setPointsChecklistInput>;

/** What `AppRounds` gives a point with a template. */
export const pointChecklist = z.object({ checklist_id: z.number(), items: z.array(checklistItem) });
export type PointChecklist = z.infer<typeof pointChecklist>;

// --- answers ----------------------------------------------------------------------------------------------------

/**
 * One answer of an `AppPunches` record: read loosely here, checked against its item by the server. The value and
 * the option carry no length bound of their own (the request's body limit bounds them): too long a text, or a
 * value no option or number can be, is refused by the server with the item named (`文字不能超过 500 个字符`),
 * which only it knows, and for that record alone.
 */
export const answerInput = z.object(
  {
    item_id: z.coerce
      .number({ error: inspectionMessages.badAnswers })
      .int(inspectionMessages.badAnswers)
      .min(1, inspectionMessages.badAnswers),
    value: z.union([z.string(), z.number()], { error: inspectionMessages.badAnswers }).nullish(),
    option: z.string({ error: inspectionMessages.badAnswers }).nullish(),
    photo_ids: z
      .array(id, { error: inspectionMessages.badAnswers })
      .max(MAX_ANSWER_PHOTOS, inspectionMessages.badAnswers)
      .nullish(),
  },
  { error: inspectionMessages.badAnswers },
);
export type AnswerInput = z.input<typeof answerInput>;
export const answersInput = z
  .array(answerInput, { error: inspectionMessages.badAnswers })
  .max(MAX_ITEMS, inspectionMessages.badAnswers);

export const answerRow = z.object({
  item_text: z.string(),
  kind: z.number(),
  value: z.string(),
  unit: z.string(),
  option: z.string(),
  photo_ids: z.array(z.number()),
  abnormal: z.boolean(),
  /** The item as it was answered: its range (kind 2). */
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type AnswerRow = z.infer<typeof answerRow>;
export const answersQuery = z.object({
  punch_id: z.coerce.number({ error: inspectionMessages.badAnswersId }).int().min(1),
});

/** A record list's 检查结果: '' (no template), 正常, 异常 N 项, 未填写. */
export const CHECK_RESULT = { none: '', normal: '正常', unanswered: '未填写', abnormal: (n: number) => `异常 ${n} 项` };

// --- hazards ----------------------------------------------------------------------------------------------------

export const HazardState = { pending: 0, fixing: 1, review: 2, closed: 3, ignored: 4 } as const;
export type HazardState = (typeof HazardState)[keyof typeof HazardState];
export const HAZARD_STATES: readonly HazardState[] = [0, 1, 2, 3, 4];
export const HAZARD_STATE_TEXT: Readonly<Record<HazardState, string>> = {
  0: '待处理',
  1: '整改中',
  2: '待复核',
  3: '已关闭',
  4: '已忽略',
};
export const HazardLevel = { normal: 1, severe: 2 } as const;
export type HazardLevel = (typeof HazardLevel)[keyof typeof HazardLevel];
export const HAZARD_LEVEL_TEXT: Readonly<Record<HazardLevel, string>> = { 1: '一般', 2: '严重' };

const optionalDay = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? undefined : value),
  z.string({ error: inspectionMessages.badDate }).trim().refine(isCalendarDate, inspectionMessages.badDate).optional(),
);
const optionalCode = (codes: readonly number[], message: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? undefined : value),
    z.coerce
      .number({ error: message })
      .refine((code) => codes.includes(code), message)
      .optional(),
  );
const optionalFlag = z.preprocess(
  (value) => (typeof value === 'string' ? !['false', '0', ''].includes(value.trim().toLowerCase()) : value),
  z.boolean().nullish(),
);

const spanCheck = (
  value: { start_date?: string | undefined; end_date?: string | undefined },
  issues: z.core.$RefinementCtx,
) => {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    issues.addIssue({ code: 'custom', message: inspectionMessages.endBeforeStart, path: ['end_date'] });
  }
};

export const hazardFilters = {
  hold_id: optionalHoldId,
  include_children: includeChildren,
  state: optionalCode(HAZARD_STATES, inspectionMessages.badState),
  level: optionalCode([1, 2], inspectionMessages.badLevel),
  patrol_id: z.preprocess(
    (value) => (value === null || value === undefined || value === '' || value === 0 ? undefined : value),
    id.optional(),
  ),
  start_date: optionalDay,
  end_date: optionalDay,
  overdue_only: optionalFlag,
};
export const hazardListInput = internal(pagingSchema.extend(hazardFilters).superRefine(spanCheck));
export type HazardListInput = CallerInput<typeof hazardListInput>;
export const hazardExportInput = internal(z.object(hazardFilters).superRefine(spanCheck));
export type HazardExportInput = CallerInput<typeof hazardExportInput>;

export const hazardRow = z.object({
  hazard_id: z.number(),
  patrol_id: z.number(),
  patrol_name: z.string(),
  patrol_sn: z.string(),
  item_text: z.string(),
  answer: z.string(),
  level: z.number(),
  state: z.number(),
  found_time: z.string(),
  found_by: z.string(),
  occurrences: z.number(),
  assignee_id: z.number().nullable(),
  assignee_name: z.string(),
  /** Local `YYYY-MM-DD HH:mm`, '' when not assigned. */
  deadline: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  /** Past its deadline and not yet 待复核 (or later). */
  overdue: z.boolean(),
  /** The latest occurrence's punch time. */
  last_time: z.string(),
});
export type HazardRow = z.infer<typeof hazardRow>;

export const hazardHistoryLine = z.object({
  time: z.string(),
  actor: z.string(),
  from_state: z.number().nullable(),
  to_state: z.number(),
  note: z.string(),
  photo_ids: z.array(z.number()),
});
export type HazardHistoryLine = z.infer<typeof hazardHistoryLine>;
export const hazardDetail = hazardRow.extend({
  /** The punch that found it: its id and photos (the answer's and the point's 事件上报). */
  punch_id: z.number().nullable(),
  photo_ids: z.array(z.number()),
  history: z.array(hazardHistoryLine),
  /**
   * Whether the caller may send 提交整改 now: the hazard is 整改中 and the caller is its assignee (by account id, as
   * `Hazard/Fix` checks) holding what that call needs. The console offers the move by this, not by a name.
   */
  can_fix: z.boolean(),
});
export type HazardDetail = z.infer<typeof hazardDetail>;
export const hazardIdQuery = z.object({ hazard_id: id });

const note = (required: boolean) => {
  const base = z
    .string({ error: inspectionMessages.badNote })
    .trim()
    .max(MAX_HAZARD_NOTE, inspectionMessages.noteTooLong)
    .refine(withoutNul, inspectionMessages.badNote);
  return required
    ? z.preprocess((v) => v ?? '', base.min(1, inspectionMessages.noteRequired))
    : base.nullish().transform((v) => v ?? '');
};
const DEADLINE = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/;
export const hazardMoveInput = z.object({ hazard_id: id, note: note(false) });
export const assignHazardInput = z.object({
  hazard_id: id,
  note: note(false),
  user_id: z.preprocess(
    (v) => v ?? 0,
    z.coerce.number({ error: inspectionMessages.assigneeRequired }).int().min(1, inspectionMessages.assigneeRequired),
  ),
  deadline: z
    .string({ error: inspectionMessages.badDeadline })
    .trim()
    .refine((v) => {
      const m = DEADLINE.exec(v);
      return !!m && isCalendarDate(m[1]!);
    }, inspectionMessages.badDeadline),
});
export type AssignHazardInput = z.input<typeof assignHazardInput>;
export const ignoreHazardInput = z.object({ hazard_id: id, note: note(true) });
export const fixHazardInput = z.object({
  hazard_id: id,
  note: note(false),
  photo_ids: z
    .array(id, { error: inspectionMessages.badPhotos })
    .max(MAX_HAZARD_PHOTOS, inspectionMessages.badPhotos)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type FixHazardInput = z.input<typeof fixHazardInput>;
export type HazardMoveInput = z.input<typeof hazardMoveInput>;

export const hazardStatsInput = internal(
  z
    .object({
      hold_id: optionalHoldId,
      include_children: includeChildren,
      start_date: z
        .string({ error: inspectionMessages.badDate })
        .trim()
        .refine(isCalendarDate, inspectionMessages.badDate),
      end_date: z
        .string({ error: inspectionMessages.badDate })
        .trim()
        .refine(isCalendarDate, inspectionMessages.badDate),
    })
    .superRefine(spanCheck),
);
export type HazardStatsInput = CallerInput<typeof hazardStatsInput>;
export const hazardStats = z.object({
  by_state: z.record(z.string(), z.number()),
  by_level: z.record(z.string(), z.number()),
  avg_close_hours: z.number().nullable(),
  top_points: z.array(z.object({ patrol_id: z.number(), patrol_name: z.string(), count: z.number() })),
});
export type HazardStats = z.infer<typeof hazardStats>;
