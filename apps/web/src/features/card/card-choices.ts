import { CARD_SEARCH_TYPES, type CardSearchType } from '@guard-tour/contract';

/** What the keyword matches (spec section 9), as the search type select names it. */
const SEARCH_TYPE_TEXT: Record<CardSearchType, string> = {
  patrol_sn: '卡编号',
  patrol_name: '巡检点名称',
  location: '位置',
};

export const CARD_SEARCH_OPTIONS = CARD_SEARCH_TYPES.map((value) => ({ value, label: SEARCH_TYPE_TEXT[value] }));

export const FIRST_CARD_SEARCH_TYPE: CardSearchType = CARD_SEARCH_TYPES[0];
