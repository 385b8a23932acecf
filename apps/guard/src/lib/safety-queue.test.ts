import { describe, expect, it } from 'vitest';
import { SafetyQueue, memorySafetyStore, sosText, type SafetySender } from './safety-queue';

function recorder(failFirst = 0) {
  const calls: string[] = [];
  const ids: string[] = [];
  let failures = failFirst;
  const sender: SafetySender = {
    sos: (input) => {
      calls.push(`sos ${input.time}`);
      ids.push(input.sos_id);
      if (failures-- > 0) return Promise.reject(new Error('offline'));
      return Promise.resolve({ alert_id: 40 + ids.length, state: 0 });
    },
    checkIn: (input) => {
      calls.push(`checkIn ${input.time}`);
      return Promise.resolve({ next_due: '' });
    },
  };
  return { calls, ids, sender };
}

const AT = { lat: 31.23, lng: 121.47, accuracy: 12 };

describe('the phone’s SOS and 报平安 queue', () => {
  it('sends SOS first, oldest first, then the check-ins, with their positions', async () => {
    const queue = new SafetyQueue(memorySafetyStore());
    queue.checkIn('2026-11-20 10:00:00', null);
    queue.pressSos('2026-11-20 10:01:00', AT, false);
    queue.pressSos('2026-11-20 10:02:00', null, true);
    const { calls, sender } = recorder();
    await queue.flush(sender);
    expect(calls).toEqual(['sos 2026-11-20 10:01:00', 'sos 2026-11-20 10:02:00', 'checkIn 2026-11-20 10:00:00']);
    expect(queue.waiting()).toBe(false);
    expect(queue.state().sos.map(sosText)).toEqual(['已送达', '已送达']);
  });

  it('an SOS whose answer was lost is sent again with the same sos_id, and shows 待发送 meanwhile', async () => {
    const queue = new SafetyQueue(memorySafetyStore());
    const pressed = queue.pressSos('2026-11-20 10:01:00', AT, false);
    expect(sosText(pressed)).toBe('待发送');
    const { ids, sender } = recorder(1);
    await expect(queue.flush(sender)).rejects.toThrow('offline');
    expect(queue.waiting()).toBe(true);
    await queue.flush(sender);
    expect(ids).toEqual([pressed.sos_id, pressed.sos_id]);
    await queue.flush(sender);
    expect(ids).toHaveLength(2);
  });

  it('follows the server: 已响应（name）, then 已处理', () => {
    const queue = new SafetyQueue(memorySafetyStore());
    queue.pressSos('2026-11-20 10:01:00', null, false);
    const { sender } = recorder();
    return queue.flush(sender).then(() => {
      const alertId = queue.state().sos[0]!.alert_id!;
      queue.setState(alertId, 1, '张主管');
      expect(sosText(queue.state().sos[0]!)).toBe('已响应（张主管）');
      queue.setState(alertId, 2, '张主管');
      expect(sosText(queue.state().sos[0]!)).toBe('已处理');
    });
  });
});
