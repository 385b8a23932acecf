import { describe, expect, it } from 'vitest';
import { graceError, graceText, graceValue } from './grace';

describe('a road’s or task’s grace', () => {
  it('takes whole minutes from 0 to 120; empty is none', () => {
    for (const ok of [undefined, null, '', 0, 15, 120]) expect(graceError(ok)).toBeNull();
    for (const bad of [-1, 121, 2.5, 'abc', Number.NaN]) expect(graceError(bad)).toBe('宽限时间应为0-120分钟');
  });

  it('is carried only when there is some (the contract reads an absent grace as 0)', () => {
    expect(graceValue(10)).toBe(10);
    expect(graceValue(0)).toBeUndefined();
    expect(graceValue(null)).toBeUndefined();
    expect(graceValue(undefined)).toBeUndefined();
  });

  it('shows as minutes in the lists, 无 for none', () => {
    expect(graceText(10)).toBe('10分钟');
    expect(graceText(0)).toBe('无');
    expect(graceText(undefined)).toBe('无');
  });
});
