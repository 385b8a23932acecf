import {
  TASK_MODE_TEXT,
  TaskMode,
  cycleMessages,
  itemKindOfTask,
  taskMessages,
  taskModeOf,
  type SaveTaskInput,
  type TaskRow,
  type TimeSlot,
} from '@guard-tour/contract';
import { endsBeforeStart, toMinutes, type ClockRange } from '../../components/clock';
import { checkedItems, DEFAULT_WEEKDAYS, itemsText } from '../../components/cycle-items';
import { graceError, graceValue } from '../../components/grace';
import { slotsError, slotsOfWindow } from '../../components/time-slots';

/** Task time pickers (spec section 5): 00:00 to 23:59 in 5-minute steps. */
export const TASK_CLOCK: ClockRange = { earliest: '00:00', latest: '23:59', minuteStep: 5 };

/** The cycle radio: 单次, 每天, 每周, 每月. */
export const TASK_CYCLE_OPTIONS: { value: TaskMode; label: string }[] = Object.values(TaskMode).map((value) => ({
  value,
  label: TASK_MODE_TEXT[value],
}));

export const taskFormMessages = {
  weekdaysRequired: cycleMessages.weekdaysRequired,
  monthdaysRequired: cycleMessages.monthdaysRequired,
  badClock: '时间格式应为 HH:mm',
} as const;

/** The task dialog's fields; dates as YYYY-MM-DD ('' = none). */
export interface TaskFormValues {
  holdId: number | undefined;
  task_name: string;
  road_id: number | undefined;
  object_id: number | undefined;
  cycle_repeat_mode: TaskMode;
  weekdays: string[];
  monthdays: string[];
  /** The day of a single task. */
  single_date: string;
  start_time: string;
  end_time: string;
  /** The day's windows (SHIFTS.md, 时段); empty: the whole day. The dialog saves these, not start/end. */
  time_slots?: TimeSlot[];
  expire_date: string;
  /** 宽限时间 in minutes; undefined (or null, a cleared box) is none, 0. */
  grace_minutes?: number | null;
  /** 责任班次 (SHIFTS.md): its rounds are charged to those on duty in it; 0 or absent: not by shift. */
  shift_id?: number;
}

/** A new task: every field cleared (spec section 4), daily, in the organisation picked in the tree. */
export function newTaskValues(holdId: number | undefined): TaskFormValues {
  return {
    holdId,
    task_name: '',
    road_id: undefined,
    object_id: undefined,
    cycle_repeat_mode: TaskMode.daily,
    weekdays: [],
    monthdays: [],
    single_date: '',
    start_time: '',
    end_time: '',
    time_slots: [],
    expire_date: '',
  };
}

/** Switching to 每周 with no weekday ticked ticks the default, 周一 to 周五. */
export function weekdaysAfterSwitch(mode: TaskMode, weekdays: string[]): string[] {
  return itemKindOfTask(mode) === 'weekday' && weekdays.length === 0 ? [...DEFAULT_WEEKDAYS] : weekdays;
}

/** A single task's day: the row's cycle text carries it (单次：2026-11-20). */
export function singleDateOf(row: Pick<TaskRow, 'cycle_repeat_mode' | 'cycle_text'>): string {
  if (row.cycle_repeat_mode !== TaskMode.single) return '';
  return /(\d{4}-\d{2}-\d{2})/.exec(row.cycle_text ?? '')?.[1] ?? '';
}

/** A stored task → the dialog's fields. */
export function taskValuesOf(row: TaskRow): TaskFormValues {
  const mode = taskModeOf(row.cycle_repeat_mode);
  const kind = itemKindOfTask(mode);
  return {
    holdId: row.hold_id,
    task_name: row.task_name ?? '',
    road_id: row.road_id || undefined,
    object_id: row.object_id || undefined,
    cycle_repeat_mode: mode,
    weekdays: kind === 'weekday' ? checkedItems(kind, row.cycle_repeat_value) : [],
    monthdays: kind === 'monthday' ? checkedItems(kind, row.cycle_repeat_value) : [],
    single_date: singleDateOf(row),
    start_time: row.start_time ?? '',
    end_time: row.end_time ?? '',
    time_slots: row.time_slots ?? slotsOfWindow(row.start_time ?? '', row.end_time ?? ''),
    expire_date: (row.expire_time ?? '').slice(0, 10),
    grace_minutes: graceValue(row.grace_minutes),
    ...(row.walker_mode === 'shift' && row.shift_id ? { shift_id: row.shift_id } : {}),
  };
}

/** The window crosses midnight (跨夜): it ends the next day. Allowed for tasks, unlike roads. */
export function crossesMidnight(values: Pick<TaskFormValues, 'start_time' | 'end_time'>): boolean {
  return endsBeforeStart(values.start_time ?? '', values.end_time ?? '');
}

/** The first thing that stops a save, in the spec's words (section 5), or null. */
export function taskFormError(values: TaskFormValues): string | null {
  if (values.holdId === undefined || values.holdId === null || values.holdId < 1) return taskMessages.badHold;
  if (!values.task_name?.trim()) return taskMessages.nameRequired;
  if (!values.road_id) return taskMessages.roadRequired;
  if (!values.object_id) return taskMessages.deviceRequired;
  const kind = itemKindOfTask(values.cycle_repeat_mode);
  if (kind === 'weekday' && values.weekdays.length === 0) return taskFormMessages.weekdaysRequired;
  if (kind === 'monthday' && values.monthdays.length === 0) return taskFormMessages.monthdaysRequired;
  if (values.time_slots) return slotsError(values.time_slots) ?? graceError(values.grace_minutes);
  if (toMinutes(values.start_time) === undefined || toMinutes(values.end_time) === undefined) {
    return taskFormMessages.badClock;
  }
  return graceError(values.grace_minutes);
}

function cycleValue(values: TaskFormValues): string {
  const kind = itemKindOfTask(values.cycle_repeat_mode);
  if (kind === 'weekday') return itemsText(kind, values.weekdays);
  if (kind === 'monthday') return itemsText(kind, values.monthdays);
  return '';
}

/** A single task sends its day in front of the start time ('2026-11-20 08:00'), as the server reads it. */
function startTimeOf(values: TaskFormValues): string {
  const start = values.time_slots ? (values.time_slots[0]?.start_time ?? '') : (values.start_time ?? '');
  if (values.cycle_repeat_mode !== TaskMode.single || !values.single_date) return start;
  return `${values.single_date} ${start}`.trim();
}

/** The dialog's fields → SaveRoadTask's body (task_id 0 = a new task). */
export function toSaveTaskBody(values: TaskFormValues, taskId: number): SaveTaskInput {
  return {
    task_id: taskId,
    holdId: values.holdId ?? 0,
    task_name: values.task_name.trim(),
    road_id: values.road_id ?? 0,
    object_id: values.object_id ?? 0,
    cycle_repeat_mode: values.cycle_repeat_mode,
    cycle_repeat_value: cycleValue(values),
    expire_date: values.expire_date ?? '',
    start_time: startTimeOf(values),
    end_time: values.time_slots ? (values.time_slots.at(-1)?.end_time ?? '') : (values.end_time ?? ''),
    ...(values.time_slots ? { time_slots: values.time_slots } : {}),
    grace_minutes: graceValue(values.grace_minutes),
    ...(values.shift_id ? { walker_mode: 'shift' as const, shift_id: values.shift_id } : {}),
  };
}
