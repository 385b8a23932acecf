import { describe, expect, it } from 'vitest';
import { FIRST_LIST_PARAMS, sameListParams } from './paging';

describe('lists with several filters', () => {
  it('ask again when a filter changed, and not when the same filters are applied again', () => {
    const running = { ...FIRST_LIST_PARAMS, filters: { status: 1, includeChildren: true } };
    expect(sameListParams(running, { ...FIRST_LIST_PARAMS, filters: { includeChildren: true, status: 1 } })).toBe(true);
    expect(sameListParams(running, { ...FIRST_LIST_PARAMS, filters: { status: 2, includeChildren: true } })).toBe(
      false,
    );
    expect(sameListParams(running, { ...FIRST_LIST_PARAMS, filters: { status: 1 } })).toBe(false);
    expect(sameListParams(FIRST_LIST_PARAMS, { ...FIRST_LIST_PARAMS, filters: {} })).toBe(true);
  });
});
