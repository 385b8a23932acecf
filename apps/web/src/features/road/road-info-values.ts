import { roadMessages, type CardOption, type RoadRow, type SaveRoadInfoNewInput } from '@guard-tour/contract';
import { graceError, graceValue } from '../../components/grace';
import { chosenNames } from './road-choices';

/** The simple road dialog's fields (线路管理): organisation, name, points in order, remark. */
export interface RoadInfoValues {
  holdId: number | undefined;
  road_name: string;
  card_ids: number[];
  remark: string;
  /** 宽限时间 in minutes; undefined (or null, a cleared box) is none, 0. */
  grace_minutes?: number | null;
}

export function newRoadInfoValues(holdId: number | undefined): RoadInfoValues {
  return { holdId, road_name: '', card_ids: [], remark: '' };
}

/** patrol_card_ids as the detail sends them: a comma list ('3,1,2'), in walking order. */
export function cardIdsOf(text: string | null | undefined): number[] {
  return String(text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

export function roadInfoValuesOf(road: RoadRow): RoadInfoValues {
  return {
    holdId: road.hold_id,
    road_name: road.road_name ?? '',
    card_ids: cardIdsOf(road.patrol_card_ids),
    remark: road.remark ?? '',
    grace_minutes: graceValue(road.grace_minutes),
  };
}

/** The road's own points as options (patrol_card_ids beside patrol_card_names), for points the options lack. */
export function boundCardsOf(road: RoadRow | undefined): CardOption[] {
  if (!road) return [];
  const names = String(road.patrol_card_names ?? '').split(',');
  return cardIdsOf(road.patrol_card_ids).map((patrol_id, index) => ({
    patrol_id,
    patrol_name: names[index]?.trim() || `巡检点 ${patrol_id}`,
    patrol_sn: '',
  }));
}

/** The first thing that stops a save (spec section 5: 请输入线路名称, 请选择巡检点), or null. */
export function roadInfoFormError(values: RoadInfoValues): string | null {
  if (values.holdId === undefined || values.holdId === null || values.holdId < 1) return roadMessages.badHold;
  if (!values.road_name?.trim()) return roadMessages.simpleNameRequired;
  if (!values.card_ids?.length) return roadMessages.simpleCardsRequired;
  return graceError(values.grace_minutes);
}

/** The dialog's fields → SaveRoadInfoNew's body: point ids as an array, their names comma-joined. */
export function toSaveRoadInfoBody(values: RoadInfoValues, roadId: number, cards: CardOption[]): SaveRoadInfoNewInput {
  return {
    road_id: roadId,
    holdId: values.holdId ?? 0,
    road_name: values.road_name.trim(),
    patrol_card_ids: [...values.card_ids],
    patrol_card_names: chosenNames(cards, values.card_ids),
    remark: values.remark?.trim() ?? '',
    grace_minutes: graceValue(values.grace_minutes),
  };
}
