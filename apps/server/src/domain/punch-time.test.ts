import { describe, expect, it } from 'vitest';
import { parsePunchTime } from './punch-time.js';

describe('punch times from terminals', () => {
  it('reads local time in the deployment zone', () => {
    expect(parsePunchTime('2026-11-20 08:31:05', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-20T00:31:05.000Z');
    expect(parsePunchTime('2026-11-20 08:31', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-20T00:31:00.000Z');
  });

  it('reads ISO 8601 with an offset as given', () => {
    expect(parsePunchTime('2026-11-20T08:31:05+08:00', 'UTC')?.toISOString()).toBe('2026-11-20T00:31:05.000Z');
    expect(parsePunchTime('2026-11-20T00:31:05Z', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-20T00:31:05.000Z');
  });

  it('refuses what is not a real time', () => {
    for (const text of ['2026-02-30 08:00:00', '2026-11-20 24:00:00', '20/11/2026 08:00', 'yesterday', '']) {
      expect(parsePunchTime(text, 'Asia/Shanghai')).toBeNull();
    }
  });
});
