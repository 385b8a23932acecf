// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * SAFETY.md: a phone that regains the network sends its SOS before any punch. The upload loop of the app, with the
 * calls recorded in the order they leave.
 */
const sent: string[] = [];
let online = false;
const offline = () => Promise.reject(Object.assign(new Error('网络连接失败'), { kind: 'network' }));

vi.mock('@guard-tour/client/session', () => ({
  getSession: () => ({ token: 't', info: { userName: 'guard' } }),
  getToken: () => 't',
  clearSession: () => undefined,
}));
vi.mock('../lib/idb-store', async () => {
  const { memoryStore } = await import('../lib/punch-queue');
  return { indexedDbStore: () => memoryStore() };
});
vi.mock('../api/client', () => ({
  api: {
    guardApp: {
      appRounds: () => Promise.resolve([]),
      appPunches: (input: { records: { patrol_sn: string }[] }) => {
        if (!online) return offline();
        sent.push(...input.records.map((r) => `punch ${r.patrol_sn}`));
        return Promise.resolve({ accepted: input.records.length, duplicates: 0, rejected: [] });
      },
    },
    safety: {
      sos: () => {
        if (!online) return offline();
        sent.push('sos');
        return Promise.resolve({ alert_id: 7, state: 0 });
      },
      checkIn: () => Promise.resolve({ next_due: '' }),
      sosState: () => Promise.resolve({ state: 0, responded_by: '', responded_time: '' }),
      checkInPlan: () => Promise.resolve({ enabled: false, minutes: 60, grace: 5, duty_start: '' }),
    },
  },
}));

describe('back online', () => {
  beforeEach(() => {
    localStorage.setItem('gt.guard.deviceNo', 'APP-TEST');
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('sends the SOS pressed offline before the punches taken before it, and once', async () => {
    const store = await import('./guard-store');
    const safety = await import('./safety-store');
    store.startGuard();
    await store.checkPoint('GATE-1');
    await store.checkPoint('GATE-2');
    await safety.pressSos(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([]);
    online = true;
    // The 5 s retry kicks the upload: SOS first, then the punches.
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual(['sos', 'punch GATE-1', 'punch GATE-2']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.filter((one) => one === 'sos')).toHaveLength(1);
  });
});
