import { describe, expect, it } from 'vitest';
import { pagingSchema } from './index.js';

describe('paging', () => {
  it('starts at page 1 with 25 rows', () => {
    expect(pagingSchema.parse({})).toEqual({ PageIndex: 1, PageSize: 25 });
  });

  it('clamps large pages to 200 and reads numbers sent as text', () => {
    expect(pagingSchema.parse({ PageIndex: '3', PageSize: 5000 })).toEqual({ PageIndex: 3, PageSize: 200 });
  });

  it('falls back to the defaults for nonsense instead of refusing', () => {
    expect(pagingSchema.parse({ PageIndex: -4, PageSize: 'many' })).toEqual({ PageIndex: 1, PageSize: 25 });
  });
});
