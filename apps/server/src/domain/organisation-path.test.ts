import { describe, expect, it } from 'vitest';
import { holdIdsOnPath } from './organisation-path.js';

describe('holdIdsOnPath', () => {
  it('answers the organisations from the root down to the organisation itself', () => {
    expect(holdIdsOnPath('/1/5/12/')).toEqual([1, 5, 12]);
    expect(holdIdsOnPath('/1/')).toEqual([1]);
  });

  it('answers none for an empty or malformed path', () => {
    expect(holdIdsOnPath('')).toEqual([]);
    expect(holdIdsOnPath('/x//0/')).toEqual([]);
  });
});
