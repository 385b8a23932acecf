import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES } from './cycle-items';
import { WEEKDAY_COLORS, weekdayColor, weekdayName } from './weekday';

describe('weekday tags', () => {
  it('give each of 周一 to 周日 a colour of its own', () => {
    const colours = WEEKDAY_NAMES.map((name) => weekdayColor(name));
    expect(new Set(colours).size).toBe(7);
    expect(colours).not.toContain('default');
    expect(weekdayColor('周一')).toBe('blue');
    expect(weekdayColor('周日')).toBe('red');
    expect(Object.keys(WEEKDAY_COLORS)).toEqual([...WEEKDAY_NAMES]);
  });

  it('read 星期三, 周天 and weekday numbers as the same days', () => {
    expect(weekdayName('星期三')).toBe('周三');
    expect(weekdayColor('星期三')).toBe(weekdayColor('周三'));
    expect(weekdayName('周天')).toBe('周日');
    expect(weekdayName(1)).toBe('周一');
    expect(weekdayName('7')).toBe('周日');
    expect(weekdayName(' 周五 ')).toBe('周五');
  });

  it('leave text that names no weekday grey', () => {
    expect(weekdayName('')).toBeNull();
    expect(weekdayName(undefined)).toBeNull();
    expect(weekdayName('周八')).toBeNull();
    expect(weekdayName(0)).toBeNull();
    expect(weekdayColor(null)).toBe('default');
  });
});
