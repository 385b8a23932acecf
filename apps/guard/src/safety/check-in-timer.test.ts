import { describe, expect, it } from 'vitest';
import { nextCheckIn } from './check-in-timer';
import { msOfLocal } from './time';

const at = (local: string) => msOfLocal(local)!;

/** 报平安 on the phone (SAFETY.md): due N minutes after the day's first punch or the last check-in. */
describe('when 报平安 is due', () => {
  it('is not due before the day’s first punch', () => {
    expect(nextCheckIn(null, null, 30)).toBeNull();
  });

  it('is due N minutes after the first punch, then after each check-in', () => {
    expect(nextCheckIn(at('2026-11-20 22:00:00'), null, 30)).toBe(at('2026-11-20 22:30:00'));
    expect(nextCheckIn(at('2026-11-20 22:00:00'), at('2026-11-20 22:41:00'), 30)).toBe(at('2026-11-20 23:11:00'));
  });

  it('a check-in of an earlier day does not count before today’s first punch', () => {
    expect(nextCheckIn(at('2026-11-21 08:00:00'), at('2026-11-20 23:00:00'), 60)).toBe(at('2026-11-21 09:00:00'));
  });
});
