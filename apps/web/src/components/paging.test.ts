import { describe, expect, it } from 'vitest';
import { shown } from './cells';
import { FIRST_LIST_PARAMS, lastPage, PAGE_SIZE, pagingOf, sameListParams, serialNumber } from './paging';

describe('paged lists', () => {
  it('show 25 rows a page and ask for the page by its number from 1', () => {
    expect(PAGE_SIZE).toBe(25);
    expect(pagingOf({ ...FIRST_LIST_PARAMS, page: 3 })).toEqual({ page: 3, pageSize: 25 });
  });

  it('number rows on from page to page (序号)', () => {
    expect(serialNumber(1, 0)).toBe(1);
    expect(serialNumber(1, 24)).toBe(25);
    expect(serialNumber(2, 0)).toBe(26);
    expect(serialNumber(3, 4)).toBe(55);
  });

  it('go back to the last page that still has rows', () => {
    expect(lastPage(0)).toBe(1);
    expect(lastPage(25)).toBe(1);
    expect(lastPage(26)).toBe(2);
    expect(lastPage(51)).toBe(3);
  });

  it('know when 查询 changed nothing (so it asks the server again)', () => {
    expect(sameListParams(FIRST_LIST_PARAMS, { holdId: undefined, keyword: '', page: 1 })).toBe(true);
    expect(sameListParams(FIRST_LIST_PARAMS, { ...FIRST_LIST_PARAMS, holdId: 2 })).toBe(false);
    expect(sameListParams(FIRST_LIST_PARAMS, { ...FIRST_LIST_PARAMS, keyword: '华安' })).toBe(false);
  });
});

describe('table cells', () => {
  it('show a dash for a missing value, never "undefined" or "null"', () => {
    expect(shown(undefined)).toBe('—');
    expect(shown(null)).toBe('—');
    expect(shown('')).toBe('—');
    expect(shown('undefined')).toBe('—');
    expect(shown(' 华安物业 ')).toBe('华安物业');
    expect(shown(0)).toBe('0');
  });
});
