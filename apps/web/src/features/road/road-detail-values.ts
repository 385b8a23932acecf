import {
  ROAD_CYCLE_TEXT,
  RoadCycle,
  cycleMessages,
  itemKindOf,
  roadCycleOf,
  roadMessages,
  walkerMessages,
  type BoundAccount,
  type BoundCard,
  type RoadRow,
  type SaveRoadInput,
  type TimeSlot,
  type WalkerMode,
} from '@guard-tour/contract';
import type { ClockRange } from '../../components/clock';
import { endsBeforeStart, toMinutes } from '../../components/clock';
import { checkedItems, DEFAULT_WEEKDAYS, itemsText } from '../../components/cycle-items';
import { graceError, graceValue } from '../../components/grace';
import { slotsError, slotsOfWindow } from '../../components/time-slots';

/** The road detail's time pickers (spec sections 5 and 9): 08:30 to 18:30 in 15-minute steps. */
export const ROAD_CLOCK: ClockRange = { earliest: '08:30', latest: '18:30', minuteStep: 15 };

/** The cycle radio: 每天, 每周, 每月. */
export const ROAD_CYCLE_OPTIONS: { value: RoadCycle; label: string }[] = Object.values(RoadCycle).map((value) => ({
  value,
  label: ROAD_CYCLE_TEXT[value],
}));

/** The detail page's fields. Weekdays and month days are kept apart, so switching modes loses nothing. */
export interface RoadDetailValues {
  road_name: string;
  /** 巡检方式 (SHIFTS.md): its accounts, or whoever is on duty in a shift. */
  walker_mode?: WalkerMode;
  shift_id?: number;
  user_ids: number[];
  cycle_repeat_type: RoadCycle;
  weekdays: string[];
  monthdays: string[];
  start_time: string;
  end_time: string;
  /** The day's windows (SHIFTS.md, 时段); empty: the whole day. The console saves these, not start/end. */
  time_slots?: TimeSlot[];
  /** Points in walking order. */
  card_ids: number[];
  remark: string;
  /** 宽限时间 in minutes; undefined (or null, a cleared box) is none, 0. */
  grace_minutes?: number | null;
}

export const roadDetailMessages = {
  weekdaysRequired: cycleMessages.weekdaysRequired,
  monthdaysRequired: cycleMessages.monthdaysRequired,
} as const;

export function newRoadValues(): RoadDetailValues {
  return {
    road_name: '',
    walker_mode: 'accounts',
    user_ids: [],
    cycle_repeat_type: RoadCycle.daily,
    weekdays: [...DEFAULT_WEEKDAYS],
    monthdays: [],
    start_time: '',
    end_time: '',
    time_slots: [],
    card_ids: [],
    remark: '',
  };
}

/** A stored road, its accounts and points → the page's fields. */
export function roadValuesOf(road: RoadRow, accounts: BoundAccount[], cards: BoundCard[]): RoadDetailValues {
  const cycle = roadCycleOf(road.cycle_repeat_type);
  const kind = itemKindOf(cycle);
  const weekdays = kind === 'weekday' ? checkedItems(kind, road.cycle_repeat_items) : [];
  return {
    road_name: road.road_name ?? '',
    walker_mode: road.walker_mode ?? 'accounts',
    ...(road.shift_id ? { shift_id: road.shift_id } : {}),
    user_ids: accounts.map((account) => account.user_id),
    cycle_repeat_type: cycle,
    weekdays: weekdays.length > 0 ? weekdays : [...DEFAULT_WEEKDAYS],
    monthdays: kind === 'monthday' ? checkedItems(kind, road.cycle_repeat_items) : [],
    start_time: road.start_time ?? '',
    end_time: road.end_time ?? '',
    time_slots: road.time_slots ?? slotsOfWindow(road.start_time ?? '', road.end_time ?? ''),
    card_ids: cards.map((card) => card.patrol_id),
    remark: road.remark ?? '',
    grace_minutes: graceValue(road.grace_minutes),
  };
}

/** The end picker's rule: not earlier than the start (a road's window never crosses midnight). */
export function roadWindowError(start: string, end: string): string | null {
  return endsBeforeStart(start, end) ? roadMessages.endBeforeStart : null;
}

/** The first thing that stops a save, in the spec's words (section 5), or null. */
export function roadFormError(values: RoadDetailValues, holdId: number | undefined): string | null {
  if (holdId === undefined || holdId < 1) return roadMessages.badHold;
  if (!values.road_name?.trim()) return roadMessages.nameRequired;
  if (values.walker_mode === 'shift') {
    if (!values.shift_id) return walkerMessages.shiftRequired;
  } else if (values.user_ids.length === 0) return roadMessages.accountsRequired;
  if (values.card_ids.length === 0) return roadMessages.cardsRequired;
  const kind = itemKindOf(values.cycle_repeat_type);
  if (kind === 'weekday' && values.weekdays.length === 0) return roadDetailMessages.weekdaysRequired;
  if (kind === 'monthday' && values.monthdays.length === 0) return roadDetailMessages.monthdaysRequired;
  if (values.time_slots) return slotsError(values.time_slots) ?? graceError(values.grace_minutes);
  if (toMinutes(values.start_time) === undefined || toMinutes(values.end_time) === undefined) {
    return roadMessages.badClock;
  }
  return roadWindowError(values.start_time, values.end_time) ?? graceError(values.grace_minutes);
}

function cycleItems(values: RoadDetailValues): string {
  const kind = itemKindOf(values.cycle_repeat_type);
  if (kind === 'weekday') return itemsText(kind, values.weekdays);
  if (kind === 'monthday') return itemsText(kind, values.monthdays);
  return '';
}

/** The page's fields → SaveRoadInfo's body (road_id 0 = a new road). */
export function toSaveRoadBody(values: RoadDetailValues, roadId: number, holdId: number): SaveRoadInput {
  return {
    road_id: roadId,
    road_name: values.road_name.trim(),
    holdId,
    cycle_repeat_type: values.cycle_repeat_type,
    cycle_repeat_items: cycleItems(values),
    start_time: values.time_slots?.[0]?.start_time ?? values.start_time ?? '',
    end_time: values.time_slots?.at(-1)?.end_time ?? values.end_time ?? '',
    ...(values.time_slots ? { time_slots: values.time_slots } : {}),
    user_id_list: [...values.user_ids],
    ...(values.walker_mode === 'shift' ? { walker_mode: 'shift' as const, shift_id: values.shift_id } : {}),
    card_id_list: [...values.card_ids],
    remark: values.remark?.trim() ?? '',
    grace_minutes: graceValue(values.grace_minutes),
  };
}
