import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD, PERIOD_OPTIONS, periodOf, periodText } from './period';

describe('period tags of the record screens', () => {
  it('offer 本周, 上周, 本月 and 上月 as 1 to 4, and start on 本周', () => {
    expect(PERIOD_OPTIONS).toEqual([
      { value: 1, label: '本周' },
      { value: 2, label: '上周' },
      { value: 3, label: '本月' },
      { value: 4, label: '上月' },
    ]);
    expect(DEFAULT_PERIOD).toBe(1);
  });

  it('read a stored period as number or text, and anything else as 本周', () => {
    expect(periodOf(3)).toBe(3);
    expect(periodOf('4')).toBe(4);
    expect(periodOf(undefined)).toBe(1);
    expect(periodOf(0)).toBe(1);
    expect(periodOf(5)).toBe(1);
    expect(periodOf('上月')).toBe(1);
    expect(periodText(2)).toBe('上周');
    expect(periodText(null)).toBe('本周');
  });
});
