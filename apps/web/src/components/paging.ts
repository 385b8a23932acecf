import { MAX_PAGE_SIZE, type Page } from '@guard-tour/contract';

/** Spec section 9: lists show 25 rows a page. */
export const PAGE_SIZE = 25;

/** The 序号 of a row: it continues across pages (row 1 of page 2 is 26). */
export function serialNumber(page: number, index: number, pageSize: number = PAGE_SIZE): number {
  return (Math.max(page, 1) - 1) * pageSize + index + 1;
}

/** What a list asks the server for: the picked organisation, the applied keyword and the page. */
export interface ListParams {
  /** Undefined: the caller's own organisation. */
  holdId: number | undefined;
  keyword: string;
  page: number;
  /** The applied search type of screens that pick what the keyword matches (device_no, patrol_sn, …). */
  searchType?: string;
  /** The applied filters of screens with more than one (status, includeChildren, a second keyword). */
  filters?: ListFilters;
}

/** Named filter values, applied together with the keyword on 查询. */
export type ListFilters = Readonly<Record<string, string | number | boolean>>;

function sameFilters(a: ListFilters | undefined, b: ListFilters | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].every((key) => a?.[key] === b?.[key]);
}

export const FIRST_LIST_PARAMS: ListParams = { holdId: undefined, keyword: '', page: 1 };

/** The paging fields of every list call (page starts at 1). */
export function pagingOf(params: ListParams): { page: number; pageSize: number } {
  return { page: params.page, pageSize: PAGE_SIZE };
}

export function sameListParams(a: ListParams, b: ListParams): boolean {
  return (
    a.holdId === b.holdId &&
    a.keyword === b.keyword &&
    a.page === b.page &&
    a.searchType === b.searchType &&
    sameFilters(a.filters, b.filters)
  );
}

/** The last page that has rows (1 when there are none). */
export function lastPage(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Every row of a paged call for a screen that shows them at once (the print view, the label sheet): pages of
 * MAX_PAGE_SIZE until the total, at most `most` rows; the total says how many the server counted.
 */
export async function allPages<T>(readPage: (page: number) => Promise<Page<T>>, most: number): Promise<Page<T>> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; rows.length < most; page += 1) {
    const answer = await readPage(page);
    total = answer.total;
    rows.push(...answer.rows);
    if (answer.rows.length < MAX_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, most), total: Math.max(total, rows.length) };
}
