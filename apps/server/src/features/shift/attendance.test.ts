import { describe, expect, it } from 'vitest';
import { attendanceOf, cellForTap, shiftWindow } from './attendance.js';
import { planImport } from './roster.service.js';

const tz = 'Asia/Shanghai';
const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

describe('a shift’s window', () => {
  it('ends the next day when it crosses midnight, and keeps to the zone', () => {
    expect(shiftWindow({ start_minute: 22 * 60, end_minute: 6 * 60 }, '2026-12-31', tz)).toEqual({
      start: at('2026-12-31 22:00'),
      end: at('2027-01-01 06:00'),
    });
    expect(shiftWindow({ start_minute: 8 * 60, end_minute: 16 * 60 }, '2026-03-08', 'America/New_York')).toEqual({
      start: new Date('2026-03-08T12:00:00Z'),
      end: new Date('2026-03-08T20:00:00Z'),
    });
  });
});

describe('attendance with an injected clock', () => {
  const cell = (on: string | null) => ({
    window_start: at('2026-12-01 22:00'),
    window_end: at('2026-12-02 06:00'),
    grace_minutes: 10,
    on_duty_time: on ? at(on) : null,
  });

  it('is nothing while the shift is to come or running without a 上岗, absent once it ended', () => {
    expect(attendanceOf(cell(null), at('2026-12-01 21:00'))).toBe(0);
    expect(attendanceOf(cell(null), at('2026-12-02 05:59'))).toBe(0);
    expect(attendanceOf(cell(null), at('2026-12-02 06:01'))).toBe(3);
  });

  it('is on time up to start plus grace, late after it until the end, absent after the end', () => {
    expect(attendanceOf(cell('2026-12-01 21:40'), at('2026-12-02 12:00'))).toBe(1);
    expect(attendanceOf(cell('2026-12-01 22:10'), at('2026-12-02 12:00'))).toBe(1);
    expect(attendanceOf(cell('2026-12-01 22:11'), at('2026-12-02 12:00'))).toBe(2);
    expect(attendanceOf(cell('2026-12-02 05:00'), at('2026-12-02 12:00'))).toBe(2);
    expect(attendanceOf(cell('2026-12-02 06:30'), at('2026-12-02 12:00'))).toBe(3);
  });

  it('gives a tap after midnight to the overnight shift of the day before, the nearer start first', () => {
    const night = { id: 'night', window_start: at('2026-12-01 22:00'), window_end: at('2026-12-02 06:00') };
    const day = { id: 'day', window_start: at('2026-12-02 14:00'), window_end: at('2026-12-02 22:00') };
    expect(cellForTap([night, day], at('2026-12-02 06:05'))?.id).toBe('night');
    expect(cellForTap([night, day], at('2026-12-02 13:50'))?.id).toBe('day');
    expect(cellForTap([night, day], at('2026-12-01 12:00'))).toBeUndefined();
  });
});

describe('planning an import', () => {
  const accounts = new Map([
    ['zhang', { user_id: 1, path: '/1/2/3/' }],
    ['li', { user_id: 2, path: '/1/2/' }],
  ]);
  const shifts = [
    { shift_id: 10, shift_name: '早班', path: '/1/2/' },
    { shift_id: 11, shift_name: '早班', path: '/1/2/3/' },
    { shift_id: 12, shift_name: '夜班', path: '/1/2/3/' },
  ];
  const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

  it('takes the nearest organisation’s shift of a name, 休 as a day off, and refuses each bad row', () => {
    const plan = planImport(
      [
        { row: 2, account: 'Zhang', date: '2026-12-01', shift: '早班' },
        { row: 3, account: 'li', date: '2026-12-01', shift: '早班' },
        { row: 4, account: 'li', date: '2026-12-02', shift: '夜班' },
        { row: 5, account: 'zhang', date: '2026-12-01', shift: '夜班' },
        { row: 6, account: 'zhang', date: '2026-12-02', shift: '休' },
        { row: 7, account: '', date: '', shift: '' },
        { row: 8, account: 'wang', date: '2026-12-01', shift: '早班' },
        { row: 9, account: 'zhang', date: '12/3', shift: '早班' },
        { row: 10, account: 'zhang', date: '', shift: '早班' },
      ],
      accounts,
      shifts,
      isDate,
    );
    expect(plan.cells).toEqual([
      { row: 2, user_id: 1, date: '2026-12-01', shift_id: 11 },
      { row: 3, user_id: 2, date: '2026-12-01', shift_id: 10 },
      { row: 6, user_id: 1, date: '2026-12-02', shift_id: 0 },
    ]);
    expect(plan.failList).toEqual([
      { row: 4, reason: '班次不存在：夜班' },
      { row: 5, reason: '同一账号同一天只能排一个班次' },
      { row: 8, reason: '账号不存在或不在本组织内：wang' },
      { row: 9, reason: '日期不正确：12/3' },
      { row: 10, reason: '账号、日期和班次不能为空' },
    ]);
  });
});
