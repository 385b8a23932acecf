import { describe, expect, it } from 'vitest';
import { punchClock, windowText } from './round-window';

describe('a round’s window', () => {
  it('shows the clocks of local times, and the next day’s end as 次日', () => {
    expect(windowText('2026-11-23 08:30:00', '2026-11-23 10:00:00')).toBe('08:30-10:00');
    expect(windowText('2026-11-23 22:00:00', '2026-11-24 02:00:00')).toBe('22:00-次日 02:00');
    expect(windowText('08:30', '18:30')).toBe('08:30-18:30');
  });

  it('never shows undefined: what is missing is a dash', () => {
    expect(windowText('', '')).toBe('—');
    expect(windowText(null, '10:00')).toBe('—-10:00');
    expect(punchClock(null)).toBe('—');
    expect(punchClock('2026-11-23 08:31:05')).toBe('08:31:05');
  });
});
