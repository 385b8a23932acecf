import type { CardRow } from '@guard-tour/contract';
import type { ListParams } from '../../components/paging';

/**
 * 打印二维码 (GUARD-APP.md, Labels for the points): which points the label sheet shows and what each label's code
 * says. The sheet opens in its own window: picked points travel in sessionStorage (a window opened from this one
 * starts with a copy of it), the filter of 巡检点管理 in the address.
 */

/** The label sheet's path (apps/web/src/app/routes.tsx registers it outside the shell). */
export const LABELS_PATH = '/patrol/card_labels';
/** One sheet holds at most this many labels (42 A4 pages); a larger filter prints its first ones. */
export const MAX_LABELS = 500;

const SELECTION_KEY = 'gt.cardLabels';

/** What a label shows of a point. */
export type LabelPoint = Pick<CardRow, 'patrol_id' | 'patrol_sn' | 'patrol_name' | 'location'>;

/** The points of the sheet: those picked in the table, or every point the list's filter finds. */
export type LabelSource =
  | { kind: 'selection' }
  | { kind: 'filter'; holdId: number | undefined; searchType: string | undefined; keyword: string };

/** Keeps the picked points for the sheet about to open. */
export function saveLabelSelection(rows: readonly LabelPoint[]): void {
  const points = rows.map(({ patrol_id, patrol_sn, patrol_name, location }) => ({
    patrol_id,
    patrol_sn,
    patrol_name,
    location,
  }));
  sessionStorage.setItem(SELECTION_KEY, JSON.stringify(points));
}

function isPoint(value: unknown): value is LabelPoint {
  if (typeof value !== 'object' || value === null) return false;
  const point = value as Record<string, unknown>;
  return typeof point.patrol_id === 'number' && typeof point.patrol_sn === 'string' && point.patrol_sn !== '';
}

/** The picked points kept for the sheet ([] when there are none, or they were damaged). */
export function readLabelSelection(): LabelPoint[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SELECTION_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter(isPoint).map((point) => ({
          ...point,
          patrol_name: typeof point.patrol_name === 'string' ? point.patrol_name : '',
          location: typeof point.location === 'string' ? point.location : '',
        }))
      : [];
  } catch {
    return [];
  }
}

/** The sheet's address for a source. */
export function labelsUrl(source: LabelSource): string {
  if (source.kind === 'selection') return `${LABELS_PATH}?selection=1`;
  const query = new URLSearchParams();
  if (source.holdId !== undefined) query.set('hold_id', String(source.holdId));
  if (source.searchType) query.set('search_type', source.searchType);
  if (source.keyword) query.set('key', source.keyword);
  const text = query.toString();
  return text ? `${LABELS_PATH}?${text}` : LABELS_PATH;
}

/** The sheet's source from its address. */
export function labelSourceOf(search: URLSearchParams): LabelSource {
  if (search.get('selection') === '1') return { kind: 'selection' };
  const holdId = Number(search.get('hold_id'));
  return {
    kind: 'filter',
    holdId: Number.isInteger(holdId) && holdId > 0 ? holdId : undefined,
    searchType: search.get('search_type') || undefined,
    keyword: search.get('key')?.trim() ?? '',
  };
}

/** The card list's parameters for a filter source, page by page. */
export function filterParams(source: Extract<LabelSource, { kind: 'filter' }>, page: number): ListParams {
  return { holdId: source.holdId, keyword: source.keyword, searchType: source.searchType, page };
}

/** What a point's QR code says: the guard app's address (`…/m/`) and `p/<卡号>`, which opens the app on it. */
export function pointUrl(appUrl: string, patrolSn: string): string {
  const base = appUrl.endsWith('/') ? appUrl : `${appUrl}/`;
  return `${base}p/${encodeURIComponent(patrolSn)}`;
}
