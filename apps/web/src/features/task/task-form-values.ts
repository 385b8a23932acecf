import { taskMessages, type TaskRow } from '@guard-tour/contract';
import { endsBeforeStart, toMinutes, type ClockRange } from '../../components/clock';
import { checkedItems, DEFAULT_WEEKDAYS, itemsText } from '../../components/cycle-items';
import type { SaveTaskBody } from './api';

/** Task time pickers (spec section 5): 00:00 to 23:59 in 5-minute steps. */
export const TASK_CLOCK: ClockRange = { earliest: '00:00', latest: '23:59', minuteStep: 5 };

/** Task cycle modes: 1 单次, 2 每天, 3 每周, 4 每月. */
export type TaskCycle = 1 | 2 | 3 | 4;

export const TASK_CYCLE_OPTIONS: { value: TaskCycle; label: string }[] = [
  { value: 1, label: '单次' },
  { value: 2, label: '每天' },
  { value: 3, label: '每周' },
  { value: 4, label: '每月' },
];

export const taskFormMessages = {
  weekdaysRequired: '请选择每周巡检的星期',
  monthdaysRequired: '请选择每月巡检的日期',
  badClock: '时间格式应为 HH:mm',
} as const;

/** The task dialog's fields; dates as YYYY-MM-DD ('' = none). */
export interface TaskFormValues {
  hold_id: number | undefined;
  task_name: string;
  road_id: number | undefined;
  object_id: number | undefined;
  cycle_repeat_mode: TaskCycle;
  weekdays: string[];
  monthdays: string[];
  /** The day of a single task. */
  single_date: string;
  start_time: string;
  end_time: string;
  expire_date: string;
}

/** A new task: every field cleared (spec section 4), daily, in the organisation picked in the tree. */
export function newTaskValues(holdId: number | undefined): TaskFormValues {
  return {
    hold_id: holdId,
    task_name: '',
    road_id: undefined,
    object_id: undefined,
    cycle_repeat_mode: 2,
    weekdays: [],
    monthdays: [],
    single_date: '',
    start_time: '',
    end_time: '',
    expire_date: '',
  };
}

/** Switching to 每周 with no weekday ticked ticks the default, 周一 to 周五. */
export function weekdaysAfterSwitch(mode: TaskCycle, weekdays: string[]): string[] {
  return mode === 3 && weekdays.length === 0 ? [...DEFAULT_WEEKDAYS] : weekdays;
}

function asCycle(mode: number): TaskCycle {
  return mode === 1 || mode === 3 || mode === 4 ? mode : 2;
}

/** A single task's day: the row's cycle text carries it (单次：2026-11-20). */
export function singleDateOf(row: Pick<TaskRow, 'cycle_repeat_mode' | 'cycle_text'>): string {
  if (row.cycle_repeat_mode !== 1) return '';
  return /(\d{4}-\d{2}-\d{2})/.exec(row.cycle_text ?? '')?.[1] ?? '';
}

/** A stored task → the dialog's fields. */
export function taskValuesOf(row: TaskRow): TaskFormValues {
  const mode = asCycle(row.cycle_repeat_mode);
  return {
    hold_id: row.hold_id,
    task_name: row.task_name ?? '',
    road_id: row.road_id || undefined,
    object_id: row.object_id || undefined,
    cycle_repeat_mode: mode,
    weekdays: mode === 3 ? checkedItems('weekday', row.cycle_repeat_value) : [],
    monthdays: mode === 4 ? checkedItems('monthday', row.cycle_repeat_value) : [],
    single_date: singleDateOf(row),
    start_time: row.start_time ?? '',
    end_time: row.end_time ?? '',
    expire_date: (row.expire_time ?? '').slice(0, 10),
  };
}

/** The window crosses midnight (跨夜): it ends the next day. Allowed for tasks, unlike roads. */
export function crossesMidnight(values: Pick<TaskFormValues, 'start_time' | 'end_time'>): boolean {
  return endsBeforeStart(values.start_time ?? '', values.end_time ?? '');
}

/** The first thing that stops a save, in the spec's words (section 5), or null. */
export function taskFormError(values: TaskFormValues): string | null {
  if (values.hold_id === undefined || values.hold_id === null || values.hold_id < 1) return taskMessages.badHold;
  if (!values.task_name?.trim()) return taskMessages.nameRequired;
  if (!values.road_id) return taskMessages.roadRequired;
  if (!values.object_id) return taskMessages.deviceRequired;
  if (values.cycle_repeat_mode === 3 && values.weekdays.length === 0) return taskFormMessages.weekdaysRequired;
  if (values.cycle_repeat_mode === 4 && values.monthdays.length === 0) return taskFormMessages.monthdaysRequired;
  if (toMinutes(values.start_time) === undefined || toMinutes(values.end_time) === undefined) {
    return taskFormMessages.badClock;
  }
  return null;
}

function cycleValue(values: TaskFormValues): string {
  if (values.cycle_repeat_mode === 3) return itemsText('weekday', values.weekdays);
  if (values.cycle_repeat_mode === 4) return itemsText('monthday', values.monthdays);
  return '';
}

/** A single task sends its day in front of the start time ('2026-11-20 08:00'), as the server reads it. */
function startTimeOf(values: TaskFormValues): string {
  const start = values.start_time ?? '';
  if (values.cycle_repeat_mode !== 1 || !values.single_date) return start;
  return `${values.single_date} ${start}`.trim();
}

/** The dialog's fields → SaveRoadTask's body (task_id 0 = a new task). */
export function toSaveTaskBody(values: TaskFormValues, taskId: number): SaveTaskBody {
  return {
    task_id: taskId,
    hold_id: values.hold_id ?? 0,
    task_name: values.task_name.trim(),
    road_id: values.road_id ?? 0,
    object_id: values.object_id ?? 0,
    cycle_repeat_mode: values.cycle_repeat_mode,
    cycle_repeat_value: cycleValue(values),
    expire_date: values.expire_date ?? '',
    start_time: startTimeOf(values),
    end_time: values.end_time ?? '',
  };
}
