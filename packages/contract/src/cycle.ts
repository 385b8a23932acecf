/**
 * When a road or a task is walked, with names (ARCHITECTURE.md, The call table: domain values have names). The
 * wire keeps the numbers of spec section 3: a road's `cycle_repeat_type` 1 daily, 2 weekly, 3 monthly; a task's
 * `cycle_repeat_mode` 1 single, 2 daily, 3 weekly, 4 monthly. Items are weekdays 1–7 (周一…周日) or days of the
 * month 1–31 (1号…31号). Server and console both read these; nothing else compares the bare numbers.
 */
import { z } from 'zod';

/** A road's cycle (`cycle_repeat_type`). */
export const RoadCycle = { daily: 1, weekly: 2, monthly: 3 } as const;
export type RoadCycle = (typeof RoadCycle)[keyof typeof RoadCycle];

/** A task's mode (`cycle_repeat_mode`). */
export const TaskMode = { single: 1, daily: 2, weekly: 3, monthly: 4 } as const;
export type TaskMode = (typeof TaskMode)[keyof typeof TaskMode];

/**
 * The one mapping between the two: a task repeats as a road does, or (single) runs once on its own day and has
 * no road cycle.
 */
export const ROAD_CYCLE_OF_TASK_MODE: Readonly<Record<TaskMode, RoadCycle | null>> = {
  [TaskMode.single]: null,
  [TaskMode.daily]: RoadCycle.daily,
  [TaskMode.weekly]: RoadCycle.weekly,
  [TaskMode.monthly]: RoadCycle.monthly,
};

const ROAD_CYCLES: readonly RoadCycle[] = Object.values(RoadCycle);
const TASK_MODES: readonly TaskMode[] = Object.values(TaskMode);

/** A stored or sent road cycle as its name; anything else is daily (the default of a road). */
export function roadCycleOf(value: unknown): RoadCycle {
  return ROAD_CYCLES.find((cycle) => cycle === Number(value)) ?? RoadCycle.daily;
}

/** A stored or sent task mode as its name; anything else is daily (the default of a task). */
export function taskModeOf(value: unknown): TaskMode {
  return TASK_MODES.find((mode) => mode === Number(value)) ?? TaskMode.daily;
}

/**
 * A save call's cycle field (a road's `cycle_repeat_type`, a task's `cycle_repeat_mode`): one of `values` by number;
 * absent or anything else is `fallback` (the old clients' lenience), read as its name by `nameOf`.
 */
function cycleField<T extends number>(values: readonly T[], fallback: T, nameOf: (value: unknown) => T) {
  return z.coerce
    .number()
    .int()
    .min(Math.min(...values), '巡检周期不正确')
    .max(Math.max(...values), '巡检周期不正确')
    .catch(fallback)
    .default(fallback)
    .transform(nameOf);
}

/** A road's `cycle_repeat_type` as a save call reads it (daily when absent or unknown). */
export const roadCycleField = cycleField(ROAD_CYCLES, RoadCycle.daily, roadCycleOf);

/** A task's `cycle_repeat_mode` as a save call reads it (daily when absent or unknown). */
export const taskModeField = cycleField(TASK_MODES, TaskMode.daily, taskModeOf);

/** What the screens and texts call each: 每天, 每周, 每月; a task also 单次. */
export const ROAD_CYCLE_TEXT: Readonly<Record<RoadCycle, string>> = {
  [RoadCycle.daily]: '每天',
  [RoadCycle.weekly]: '每周',
  [RoadCycle.monthly]: '每月',
};
export const TASK_MODE_TEXT: Readonly<Record<TaskMode, string>> = {
  [TaskMode.single]: '单次',
  [TaskMode.daily]: ROAD_CYCLE_TEXT[RoadCycle.daily],
  [TaskMode.weekly]: ROAD_CYCLE_TEXT[RoadCycle.weekly],
  [TaskMode.monthly]: ROAD_CYCLE_TEXT[RoadCycle.monthly],
};

/** Weekdays 1–7 by name, Monday first (ISO). */
export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** Days of the month 1–31 by name. */
export const MONTHDAY_NAMES: readonly string[] = Array.from({ length: 31 }, (_, index) => `${index + 1}号`);

/** The weekly default (spec section 9): Monday to Friday. */
export const DEFAULT_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

/** Why a cycle's items are refused (spec section 5). */
export const cycleMessages = {
  badItems: '巡检周期的日期不正确',
  weekdaysRequired: '请选择每周巡检的星期',
  monthdaysRequired: '请选择每月巡检的日期',
} as const;

/** What a cycle's items are: weekdays or days of the month. */
export type ItemKind = 'weekday' | 'monthday';

/** The items a road cycle has: weekly weekdays, monthly month days, daily none. */
export function itemKindOf(cycle: RoadCycle | null): ItemKind | null {
  if (cycle === RoadCycle.weekly) return 'weekday';
  if (cycle === RoadCycle.monthly) return 'monthday';
  return null;
}

/** The items a task mode has (through its road cycle). */
export function itemKindOfTask(mode: TaskMode): ItemKind | null {
  return itemKindOf(ROAD_CYCLE_OF_TASK_MODE[mode]);
}

/** The names of a kind's items, in calendar order. */
export function itemNamesOf(kind: ItemKind): readonly string[] {
  return kind === 'weekday' ? WEEKDAY_NAMES : MONTHDAY_NAMES;
}

/** One item as people write it (周三 or 3; 15号, 15日 or 15; 周天 and 星期日 for Sunday) → its number, or null. */
export function itemNumber(kind: ItemKind, item: string | number): number | null {
  const text = String(item).trim();
  if (kind === 'weekday') {
    const index = WEEKDAY_NAMES.indexOf(text as WeekdayName);
    if (index >= 0) return index + 1;
    if (text === '星期日' || text === '周天') return 7;
  }
  const match = /^(\d{1,2})(号|日)?$/.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= itemNamesOf(kind).length ? n : null;
}

/** Items as names, comma-joined: `周一,周三` or `1号,15号`. */
export function formatItems(kind: ItemKind, items: readonly number[]): string {
  const names = itemNamesOf(kind);
  return items.map((n) => names[n - 1] ?? '').join(',');
}

/** A cycle as a value: what the schedule reads and what the texts are made from. */
export type Cycle =
  | { mode: 'daily' }
  | { mode: 'weekly'; days: readonly number[] }
  | { mode: 'monthly'; days: readonly number[] }
  /** A single task: once, on this date ('' when it has none). */
  | { mode: 'once'; date: string };

/** A road's stored cycle and items as a cycle value. */
export function roadCycleValue(cycle: RoadCycle, items: readonly number[]): Cycle {
  switch (cycle) {
    case RoadCycle.weekly:
      return { mode: 'weekly', days: items };
    case RoadCycle.monthly:
      return { mode: 'monthly', days: items };
    case RoadCycle.daily:
      return { mode: 'daily' };
  }
}

/** A task's stored mode, items and day as a cycle value: a single task once, else as its road cycle. */
export function taskCycleValue(mode: TaskMode, items: readonly number[], date: string | null): Cycle {
  const cycle = ROAD_CYCLE_OF_TASK_MODE[mode];
  return cycle === null ? { mode: 'once', date: date ?? '' } : roadCycleValue(cycle, items);
}

const CYCLE_TEXT: Readonly<Record<Cycle['mode'], string>> = {
  daily: ROAD_CYCLE_TEXT[RoadCycle.daily],
  weekly: ROAD_CYCLE_TEXT[RoadCycle.weekly],
  monthly: ROAD_CYCLE_TEXT[RoadCycle.monthly],
  once: TASK_MODE_TEXT[TaskMode.single],
};

/** A cycle's items as names (`周一,周三`, `1号,15号`); '' for a daily or single cycle. */
export function cycleItemsText(cycle: Cycle): string {
  if (cycle.mode === 'weekly') return formatItems('weekday', cycle.days);
  if (cycle.mode === 'monthly') return formatItems('monthday', cycle.days);
  return '';
}

/** A cycle as a person reads it: 每天, 每周：周一,周三, 每月：1号,15号, 单次：2026-11-20. */
export function cycleText(cycle: Cycle): string {
  const detail = cycle.mode === 'once' ? cycle.date : cycleItemsText(cycle);
  return detail ? `${CYCLE_TEXT[cycle.mode]}：${detail}` : CYCLE_TEXT[cycle.mode];
}
