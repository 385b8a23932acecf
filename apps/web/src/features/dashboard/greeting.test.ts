import { describe, expect, it } from 'vitest';
import { greetingDay, greetingText, weekdayText } from './greeting';

describe('the dashboard greeting', () => {
  it('names every weekday in Chinese, Monday to Sunday', () => {
    // 2026-11-16 is a Monday.
    const week = Array.from({ length: 7 }, (_, i) => weekdayText(new Date(2026, 10, 16 + i)));
    expect(week).toEqual(['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']);
  });

  it('greets the person by name with the date without leading zeros', () => {
    expect(greetingText('张三', new Date(2026, 0, 5))).toBe('您好，张三，今天是 2026年1月5日 星期一');
    expect(greetingText('admin', new Date(2026, 10, 22))).toBe('您好，admin，今天是 2026年11月22日 星期日');
  });

  it('greets the day the server counts, whatever the browser’s own zone says', () => {
    const browserClock = new Date(2026, 10, 23, 18, 30);
    expect(greetingText('admin', greetingDay('2026-11-24', browserClock))).toBe(
      '您好，admin，今天是 2026年11月24日 星期二',
    );
    expect(greetingDay(undefined, browserClock)).toBe(browserClock);
  });
});
