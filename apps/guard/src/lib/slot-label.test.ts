import { describe, expect, it } from 'vitest';
import { slotLabel } from './slot-label';

const round = (road_id: number, slot_no: number) => ({ road_id, slot_no });

describe('the slot a round of today’s list names', () => {
  it('names the slot of a road walked several times a day', () => {
    const rounds = [round(1, 3), round(1, 4), round(2, 1)];
    expect(slotLabel(rounds, rounds[0]!)).toBe(' 第3时段');
    expect(slotLabel(rounds, rounds[1]!)).toBe(' 第4时段');
  });

  it('still names it when the evening’s last slot is the only one left today', () => {
    const rounds = [round(1, 12), round(2, 1)];
    expect(slotLabel(rounds, rounds[0]!)).toBe(' 第12时段');
  });

  it('names nothing for a road’s only round', () => {
    const rounds = [round(1, 12), round(2, 1)];
    expect(slotLabel(rounds, rounds[1]!)).toBe('');
  });
});
