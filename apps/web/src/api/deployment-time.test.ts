import { afterEach, describe, expect, it } from 'vitest';
import { presetSpan } from '../components/day-span';
import { deploymentNow } from './deployment-time';
import { clearSession, startSession } from '@guard-tour/client/session';
import { ADMIN_ROLE } from '../test/session';

// 17:30 UTC on 25 November: already 26 November in Shanghai, still the 25th in New York.
const LATE_EVENING_UTC = new Date('2026-11-25T17:30:00Z');

describe("the deployment's wall clock", () => {
  afterEach(() => clearSession());

  it("reads the date and time of the deployment's zone, whatever the browser's", () => {
    expect(deploymentNow('Asia/Shanghai', LATE_EVENING_UTC).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-26 01:30:00');
    expect(deploymentNow('America/New_York', LATE_EVENING_UTC).format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 12:30');
    expect(deploymentNow('Asia/Kathmandu', LATE_EVENING_UTC).format('HH:mm')).toBe('23:15');
  });

  it('takes the zone login named, so 本月 and 今天 are the organisation’s', () => {
    startSession({
      token: 't',
      userName: 'admin',
      trueName: '系统管理员',
      userType: 1,
      serviceEnd: '',
      defaultPassword: false,
      timeZone: 'Asia/Shanghai',
      ...ADMIN_ROLE,
    });
    const today = deploymentNow(undefined, LATE_EVENING_UTC);
    expect(presetSpan('today', today)).toEqual({ start_date: '2026-11-26', end_date: '2026-11-26' });
    expect(presetSpan('thisMonth', today)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-26' });
  });

  it("falls back to the browser's clock without a zone or with one it does not know", () => {
    const browser = (at: Date) => deploymentNow(undefined, at).valueOf();
    expect(browser(LATE_EVENING_UTC)).toBe(LATE_EVENING_UTC.getTime());
    expect(deploymentNow('Mars/Olympus_Mons', LATE_EVENING_UTC).valueOf()).toBe(LATE_EVENING_UTC.getTime());
  });
});
