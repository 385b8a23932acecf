import { describe, expect, it } from 'vitest';
import { checkedItems, DEFAULT_WEEKDAYS, itemsText, MONTHDAY_NAMES, WEEKDAY_NAMES } from './cycle-items';

describe('schedule items and their checkboxes', () => {
  it('offer 周一 to 周日 and 1号 to 31号, and default a week to 周一–周五', () => {
    expect(WEEKDAY_NAMES).toEqual(['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
    expect(MONTHDAY_NAMES).toHaveLength(31);
    expect(MONTHDAY_NAMES[0]).toBe('1号');
    expect(MONTHDAY_NAMES[30]).toBe('31号');
    expect(DEFAULT_WEEKDAYS).toEqual(['周一', '周二', '周三', '周四', '周五']);
  });

  it('tick the boxes of the names the server sends', () => {
    expect(checkedItems('weekday', '周一,周三')).toEqual(['周一', '周三']);
    expect(checkedItems('monthday', '1号,15号')).toEqual(['1号', '15号']);
  });

  it('read numbers, other separators and 周天 / 星期日 as well, in calendar order, once each', () => {
    expect(checkedItems('weekday', '7,1,3')).toEqual(['周一', '周三', '周日']);
    expect(checkedItems('weekday', '周天，周二、周二')).toEqual(['周二', '周日']);
    expect(checkedItems('monthday', '31, 2日 15')).toEqual(['2号', '15号', '31号']);
  });

  it('leave out what is no weekday or day of month, and tick nothing for nothing', () => {
    expect(checkedItems('weekday', '周八,8,0')).toEqual([]);
    expect(checkedItems('monthday', '32号,0')).toEqual([]);
    expect(checkedItems('weekday', '')).toEqual([]);
    expect(checkedItems('monthday', null)).toEqual([]);
  });

  it('send the ticked names comma-joined in calendar order, whatever order they were ticked in', () => {
    expect(itemsText('weekday', ['周五', '周一'])).toBe('周一,周五');
    expect(itemsText('monthday', ['15号', '1号', '31号'])).toBe('1号,15号,31号');
    expect(itemsText('weekday', [])).toBe('');
  });

  it('go round the trip unchanged', () => {
    const text = '周二,周四,周六';
    expect(itemsText('weekday', checkedItems('weekday', text))).toBe(text);
    expect(itemsText('monthday', MONTHDAY_NAMES)).toBe(MONTHDAY_NAMES.join(','));
  });
});
