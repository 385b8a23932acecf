import { z } from 'zod';
import {
  idList,
  idNumber,
  internal,
  isCalendarDate,
  optionalHoldId,
  saveId,
  withoutNul,
  type CallerInput,
} from './common.js';
import { clockMinutes } from './time-slots.js';

/**
 * Shifts and the duty roster (SHIFTS.md, 班次与排班 and the pinned calls): shifts per organisation, the month grid
 * of who is on duty in which shift, and 上岗/下岗 from the guard app with each cell's attendance.
 */

export const MIN_SHIFT_MINUTES = 10;
export const MAX_SHIFT_GRACE = 120;
/** How many cells one `Roster/Save` may carry. */
export const MAX_ROSTER_CELLS = 2000;
/** How many days a `Roster/Copy` may copy (a month and a bit). */
export const MAX_COPY_DAYS = 62;

/** A cell's attendance: 0 none (not due yet, or off), 1 on time, 2 late, 3 absent. */
export const Attendance = { none: 0, onTime: 1, late: 2, absent: 3 } as const;
export type Attendance = (typeof Attendance)[keyof typeof Attendance];
export const ATTENDANCE_TEXT: Readonly<Record<Attendance, string>> = {
  [Attendance.none]: '',
  [Attendance.onTime]: '正常',
  [Attendance.late]: '迟到',
  [Attendance.absent]: '缺勤',
};

export const shiftMessages = {
  nameRequired: '请输入班次名称',
  nameTooLong: '班次名称不能超过 20 个字符',
  badText: '班次名称包含不允许的字符',
  nameTaken: '该组织下已有同名班次',
  badClock: '班次时间格式应为 HH:mm',
  tooShort: `班次至少${MIN_SHIFT_MINUTES}分钟`,
  badGrace: `迟到宽限应为0-${MAX_SHIFT_GRACE}分钟`,
  badColor: '颜色格式应为 #RRGGBB',
  shiftMissing: '班次不存在或已删除',
  badIds: '请选择要删除的班次',
  inUse: '班次正在被路线、任务或排班表使用，无法删除',
  badMonth: '月份格式应为 YYYY-MM',
  badDate: '日期格式应为 YYYY-MM-DD',
  badCells: `每次最多保存 ${MAX_ROSTER_CELLS} 个排班`,
  cellsRequired: '请选择要排班的日期和账号',
  badUser: '账号ID不正确',
  badShift: '班次ID不正确',
  twoShifts: (name: string, date: string) => `${name} 在 ${date} 已排了其他班次（每人每天最多一个班次）`,
  accountOutside: '排班的账号不在本组织内',
  shiftOutside: '排班的班次不属于本组织',
  copySpan: `复制的日期范围应为1-${MAX_COPY_DAYS}天，且结束日期不能早于开始日期`,
  copyOverlap: '复制的目标日期不能与来源日期重叠',
  notOnDuty: '今天没有排班',
  badTime: '时间格式应为 YYYY-MM-DD HH:mm:ss',
  badLocation: '位置格式不正确',
  fileRequired: '请先上传排班表文件',
} as const;

/** The import's refusals of one row (排班导入, reported per row). */
export const rosterImportMessages = {
  accountUnknown: (name: string) => `账号不存在或不在本组织内：${name}`,
  shiftUnknown: (name: string) => `班次不存在：${name}`,
  badDate: (text: string) => `日期不正确：${text}`,
  twoShifts: '同一账号同一天只能排一个班次',
  emptyRow: '账号、日期和班次不能为空',
} as const;

const clock = z
  .string({ error: shiftMessages.badClock })
  .trim()
  .refine((text) => clockMinutes(text) !== undefined, shiftMessages.badClock)
  .transform((text) => {
    const minutes = clockMinutes(text)!;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });

/** A shift's length in minutes (over midnight when its end is earlier than its start; equal ends = 24 h). */
export function shiftLength(start: string, end: string): number {
  const s = clockMinutes(start) ?? 0;
  const e = clockMinutes(end) ?? 0;
  return e > s ? e - s : e + 24 * 60 - s;
}

export const shiftListInput = internal(z.object({ hold_id: optionalHoldId }));

export const shiftRow = z.object({
  shift_id: z.number(),
  shift_name: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  grace_minutes: z.number(),
  color: z.string(),
});
export type ShiftRow = z.infer<typeof shiftRow>;

export const saveShiftInput = internal(
  z
    .object({
      shift_id: saveId,
      hold_id: optionalHoldId,
      shift_name: z
        .string({ error: shiftMessages.nameRequired })
        .trim()
        .min(1, shiftMessages.nameRequired)
        .max(20, shiftMessages.nameTooLong)
        .refine(withoutNul, shiftMessages.badText),
      start_time: clock,
      end_time: clock,
      grace_minutes: z.coerce
        .number({ error: shiftMessages.badGrace })
        .int(shiftMessages.badGrace)
        .min(0, shiftMessages.badGrace)
        .max(MAX_SHIFT_GRACE, shiftMessages.badGrace)
        .optional()
        .default(0),
      color: z
        .string({ error: shiftMessages.badColor })
        .trim()
        .regex(/^#[0-9A-Fa-f]{6}$/, shiftMessages.badColor)
        .optional()
        .default('#1677FF'),
    })
    .refine((s) => shiftLength(s.start_time, s.end_time) >= MIN_SHIFT_MINUTES, {
      message: shiftMessages.tooShort,
      path: ['end_time'],
    }),
);
export type SaveShiftInput = CallerInput<typeof saveShiftInput>;
export const savedShift = z.object({ shift_id: z.number() });

export const removeShiftsInput = z.object({ shift_ids: idList(shiftMessages.badIds) });

const day = z.string({ error: shiftMessages.badDate }).trim().refine(isCalendarDate, shiftMessages.badDate);

export const rosterMonthInput = internal(
  z.object({
    hold_id: optionalHoldId,
    month: z
      .string({ error: shiftMessages.badMonth })
      .trim()
      .refine((m) => /^\d{4}-\d{2}$/.test(m) && isCalendarDate(`${m}-01`), shiftMessages.badMonth),
  }),
);

export const rosterCell = z.object({
  date: z.string(),
  /** 0: off that day. */
  shift_id: z.number(),
  on_duty_time: z.string(),
  off_duty_time: z.string(),
  attendance: z.number(),
});
export type RosterCell = z.infer<typeof rosterCell>;

export const rosterMonth = z.object({
  days: z.array(z.string()),
  rows: z.array(z.object({ user_id: z.number(), true_name: z.string(), cells: z.array(rosterCell) })),
});
export type RosterMonth = z.infer<typeof rosterMonth>;

export const saveRosterInput = internal(
  z.object({
    hold_id: optionalHoldId,
    cells: z
      .array(
        z.object({
          user_id: idNumber(shiftMessages.badUser),
          date: day,
          shift_id: idNumber(shiftMessages.badShift, 0),
        }),
        { error: shiftMessages.cellsRequired },
      )
      .min(1, shiftMessages.cellsRequired)
      .max(MAX_ROSTER_CELLS, shiftMessages.badCells),
  }),
);
export type SaveRosterInput = CallerInput<typeof saveRosterInput>;
export const savedCells = z.object({ saved: z.number() });

export const copyRosterInput = internal(
  z
    .object({ hold_id: optionalHoldId, from_start: day, from_end: day, to_start: day })
    .refine(
      (c) => {
        const span = (Date.parse(c.from_end) - Date.parse(c.from_start)) / 86_400_000 + 1;
        return span >= 1 && span <= MAX_COPY_DAYS;
      },
      { message: shiftMessages.copySpan, path: ['from_end'] },
    )
    .refine((c) => c.to_start > c.from_end || c.to_start < c.from_start, {
      message: shiftMessages.copyOverlap,
      path: ['to_start'],
    }),
);

export const importRosterInput = internal(
  z.object({
    hold_id: optionalHoldId,
    FilePath: z.string({ error: shiftMessages.fileRequired }).trim().min(1, shiftMessages.fileRequired).max(500),
  }),
);
export const rosterImported = z.object({
  saved: z.number(),
  failList: z.array(z.object({ row: z.number(), reason: z.string() })),
});
export type RosterImported = z.infer<typeof rosterImported>;

export const rosterTemplateInput = internal(z.object({ hold_id: optionalHoldId }));

/** The template's columns, in order (also what the import reads). */
export const ROSTER_SHEET_COLUMNS = ['账号', '姓名', '日期', '班次'] as const;

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number({ error: shiftMessages.badLocation }).min(min, shiftMessages.badLocation).max(max).optional(),
  );

/** `Terminal/OnDuty` and `OffDuty` (an app session): the phone, the tap's local time, where allowed the place. */
export const dutyInput = z.object({
  device_no: z.string({ error: '请先登记本手机' }).trim().min(1, '请先登记本手机').max(64),
  time: z
    .string({ error: shiftMessages.badTime })
    .trim()
    .refine(
      (t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(t) && isCalendarDate(t.slice(0, 10)),
      shiftMessages.badTime,
    ),
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
});
export type DutyInput = z.input<typeof dutyInput>;
export const dutyAnswer = z.object({ shift_id: z.number(), shift_name: z.string(), attendance: z.number() });
export type DutyAnswer = z.infer<typeof dutyAnswer>;

/** How a road or task is walked: by its bound accounts, or by whoever is on duty in its shift. */
export const WALKER_MODES = ['accounts', 'shift'] as const;
export type WalkerMode = (typeof WALKER_MODES)[number];

export const walkerMessages = {
  badMode: '巡检方式不正确',
  shiftRequired: '请选择班次',
} as const;

/** `walker_mode` and `shift_id` of SaveRoadInfo and SaveRoadTask: absent means accounts, as before. */
export const walkerFields = {
  walker_mode: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.enum(WALKER_MODES, { error: walkerMessages.badMode }).optional(),
  ),
  shift_id: z.preprocess(
    (v) => (v === null || v === undefined || v === '' || v === 0 || v === '0' ? undefined : v),
    idNumber(shiftMessages.badShift).optional(),
  ),
};

/** A walk by shift names its shift. */
export function requireShift(
  input: { walker_mode?: WalkerMode | undefined; shift_id?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (input.walker_mode === 'shift' && input.shift_id === undefined) {
    ctx.addIssue({ code: 'custom', message: walkerMessages.shiftRequired, path: ['shift_id'] });
  }
}

/**
 * What road and task rows say of their walkers: the mode, and the shift (0 and '' without one). The server always
 * sends them; typed optional so that clients written before shifts (and their fixtures) still read the rows.
 */
export const walkerRowFields = {
  walker_mode: z.enum(WALKER_MODES).optional(),
  shift_id: z.number().optional(),
  shift_name: z.string().optional(),
};

/** An account a round is charged to (those on duty in its shift, or the road's accounts). */
export const responsibleAccount = z.object({ user_id: z.number(), true_name: z.string() });
export type ResponsibleAccount = z.infer<typeof responsibleAccount>;
