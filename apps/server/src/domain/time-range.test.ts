import { describe, expect, it } from 'vitest';
import { periodSpan, querySpan, type TimeRange } from './time-range.js';

const SH = 'Asia/Shanghai';
const iso = (span: { from: Date | null; to: Date | null }) => [span.from?.toISOString(), span.to?.toISOString()];

describe('record periods in the deployment zone', () => {
  // Friday 2026-11-20 10:00 in Shanghai.
  const now = new Date('2026-11-20T02:00:00Z');

  it.each<[TimeRange, string, string[]]>([
    [1, 'this week: Monday 16th to the next Monday', ['2026-11-15T16:00:00.000Z', '2026-11-22T16:00:00.000Z']],
    [2, 'last week: Monday 9th to Monday 16th', ['2026-11-08T16:00:00.000Z', '2026-11-15T16:00:00.000Z']],
    [3, 'this month: 1 November to 1 December', ['2026-10-31T16:00:00.000Z', '2026-11-30T16:00:00.000Z']],
    [4, 'last month: 1 October to 1 November', ['2026-09-30T16:00:00.000Z', '2026-10-31T16:00:00.000Z']],
  ])('period %i is %s', (range, _, expected) => {
    expect(iso(periodSpan(range, now, SH))).toEqual(expected);
  });

  it('starts the week on Monday, also on a Sunday night and a Monday morning', () => {
    // Sunday 22nd 23:59:59 local still belongs to the week of Monday 16th.
    expect(iso(periodSpan(1, new Date('2026-11-22T15:59:59Z'), SH))[0]).toBe('2026-11-15T16:00:00.000Z');
    // Monday 23rd 00:00 local starts a new week, although it is still Sunday in UTC.
    expect(iso(periodSpan(1, new Date('2026-11-22T16:00:00Z'), SH))[0]).toBe('2026-11-22T16:00:00.000Z');
    expect(iso(periodSpan(2, new Date('2026-11-22T16:00:00Z'), SH))[0]).toBe('2026-11-15T16:00:00.000Z');
  });

  it('works a period out again when the clock leaves the day it was worked out on, either way', () => {
    const monday = new Date('2026-11-22T16:00:00Z');
    const sunday = new Date('2026-11-22T15:59:59Z');
    // Asked on Monday 00:00 local, then a second earlier (a test's clock set back), then on Monday again.
    expect(iso(periodSpan(1, monday, SH))[0]).toBe('2026-11-22T16:00:00.000Z');
    expect(iso(periodSpan(1, sunday, SH))[0]).toBe('2026-11-15T16:00:00.000Z');
    expect(iso(periodSpan(1, new Date('2026-11-23T15:59:59Z'), SH))[0]).toBe('2026-11-22T16:00:00.000Z');
    // Each period keeps its own: this month's asked between two of this week's.
    expect(iso(periodSpan(3, monday, SH))[0]).toBe('2026-10-31T16:00:00.000Z');
    expect(iso(periodSpan(1, monday, SH))[0]).toBe('2026-11-22T16:00:00.000Z');
  });

  it('takes the month from the local date, across a year end', () => {
    // 1 January 2027 07:00 local is still 31 December in UTC.
    const newYear = new Date('2026-12-31T23:00:00Z');
    expect(iso(periodSpan(3, newYear, SH))).toEqual(['2026-12-31T16:00:00.000Z', '2027-01-31T16:00:00.000Z']);
    expect(iso(periodSpan(4, newYear, SH))).toEqual(['2026-11-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z']);
    // A week that spans the year end.
    expect(iso(periodSpan(1, newYear, SH))).toEqual(['2026-12-27T16:00:00.000Z', '2027-01-03T16:00:00.000Z']);
  });

  it('handles February in a leap year and a 31-day month before a 30-day one', () => {
    const leap = new Date('2028-03-15T04:00:00Z');
    expect(iso(periodSpan(4, leap, SH))).toEqual(['2028-01-31T16:00:00.000Z', '2028-02-29T16:00:00.000Z']);
    const may31 = new Date('2026-05-31T04:00:00Z');
    expect(iso(periodSpan(3, may31, SH))).toEqual(['2026-04-30T16:00:00.000Z', '2026-05-31T16:00:00.000Z']);
  });

  it('keeps local midnights across a daylight-saving change', () => {
    // Europe/Berlin moves to summer time on Sunday 29 March 2026: that week's Monday is UTC+1, the next UTC+2.
    const span = periodSpan(1, new Date('2026-03-27T12:00:00Z'), 'Europe/Berlin');
    expect(iso(span)).toEqual(['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  });
});

describe('explicit dates', () => {
  const now = new Date('2026-11-20T02:00:00Z');

  it('override the period, the end date inclusive to 23:59:59', () => {
    const span = querySpan({ range: 1, startDate: '2026-10-05', endDate: '2026-10-07' }, now, SH);
    expect(iso(span)).toEqual(['2026-10-04T16:00:00.000Z', '2026-10-07T16:00:00.000Z']);
  });

  it('cover one whole day when both are the same', () => {
    const span = querySpan({ range: 3, startDate: '2026-11-20', endDate: '2026-11-20' }, now, SH);
    expect(iso(span)).toEqual(['2026-11-19T16:00:00.000Z', '2026-11-20T16:00:00.000Z']);
  });

  it('leave an end open when only the other is given', () => {
    expect(iso(querySpan({ range: 1, startDate: '2026-11-01' }, now, SH))).toEqual([
      '2026-10-31T16:00:00.000Z',
      undefined,
    ]);
    expect(iso(querySpan({ range: 1, startDate: '', endDate: '2026-11-01' }, now, SH))).toEqual([
      undefined,
      '2026-11-01T16:00:00.000Z',
    ]);
  });

  it('fall back to the period when both are empty', () => {
    expect(iso(querySpan({ range: 2, startDate: '', endDate: '' }, now, SH))).toEqual(iso(periodSpan(2, now, SH)));
  });
});
