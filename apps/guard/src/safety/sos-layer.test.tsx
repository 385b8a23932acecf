// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { flushSafety, safety, startSafety } from '../app/safety-store';
import { SosLayer } from './sos-layer';

/**
 * SAFETY.md in the guard app, over every signed-in screen: the 报平安 prompt (due every N minutes from the duty's
 * start, with a sound and vibration; 我很安全 sends `Terminal/CheckIn` and the prompt goes), and the SOS's silent
 * mode (no sound, no vibration, no panel: only a mark on the button). The real layer, store and API client; only
 * the network (fetch), the phone's vibration and its audio are stand-ins, each recording what it was asked.
 */

// The app's other store (rounds and punch queue) lives in IndexedDB: the prompt only reads it, so it is empty here.
const NO_ROUNDS = { rounds: [], queue: [] };
vi.mock('../app/use-guard', () => ({ useGuard: () => NO_ROUNDS }));
// antd-mobile's Popup slides in and out with animation frames jsdom never paints (a closed popup stays in the page,
// moved off screen): here it is in the page exactly while the prompt asks for it to be visible.
vi.mock('antd-mobile', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  Popup: ({ visible, children }: { visible: boolean; children: ReactNode }) =>
    visible ? <div role="dialog">{children}</div> : null,
}));
vi.mock('@guard-tour/client/session', () => ({
  getSession: () => ({ token: 't', info: { userName: 'guard' } }),
  getToken: () => 't',
  clearSession: () => undefined,
}));

const DEVICE = 'APP-SAFETYTEST0001';

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}
let sent: Sent[] = [];
let plan = { enabled: true, minutes: 15, grace: 5, duty_start: '' };
let sosState = { state: 0, responded_by: '', responded_time: '' };

/** The server as the phone sees it: the answers of SAFETY.md's calls, every request recorded. */
function fakeFetch(url: string, init: RequestInit = {}) {
  const path = new URL(url, 'http://phone').pathname;
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
  sent.push({ method, path, body });
  const data =
    path === '/proxyserver/api/Terminal/CheckInPlan'
      ? plan
      : path === '/proxyserver/api/Terminal/CheckIn'
        ? { next_due: '' }
        : path === '/proxyserver/api/Terminal/Sos'
          ? { alert_id: 77, state: 0 }
          : path === '/proxyserver/api/Terminal/SosState'
            ? sosState
            : null;
  const envelope = data === null ? { code: 404, msg: '接口不存在' } : { code: 200, msg: '', data };
  return Promise.resolve({ status: 200, text: () => Promise.resolve(JSON.stringify(envelope)) });
}

const vibrations: unknown[] = [];
let sounds = 0;
/** Web Audio as far as `ring()` uses it: each context made is a sound played. */
class CountingAudioContext {
  currentTime = 0;
  destination = {};
  constructor() {
    sounds += 1;
  }
  createOscillator() {
    return { frequency: { value: 0 }, connect: () => undefined, start: () => undefined, stop: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}

/** Lets the timers run `ms` (the phone's clock moves with them) and every answer arrive. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The 报平安 prompt while it is open, else null. */
const prompt = () => screen.queryByRole('dialog');

const sentTo = (path: string) => sent.filter((one) => one.path === `/proxyserver/api/Terminal/${path}`);
const sosButton = () => screen.getByRole('button', { name: '紧急求助（按住3秒）' });

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fakeFetch);
  vi.stubGlobal('AudioContext', CountingAudioContext);
  Object.defineProperty(navigator, 'vibrate', {
    configurable: true,
    value: (pattern: unknown) => {
      vibrations.push(pattern);
      return true;
    },
  });
  // The app's upload loop sends SOS and check-ins first; here it sends only them.
  startSafety(() => void flushSafety(DEVICE).catch(() => undefined));
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  // 2026-11-20 22:00 on the phone's clock; the roster put the guard on duty at 21:50.
  vi.setSystemTime(new Date(2026, 10, 20, 22, 0, 0));
  plan = { enabled: true, minutes: 15, grace: 5, duty_start: '2026-11-20 21:50:00' };
  sosState = { state: 0, responded_by: '', responded_time: '' };
  sent = [];
  vibrations.length = 0;
  sounds = 0;
});
afterEach(() => {
  cleanup();
  for (const sos of safety.state().sos) safety.dismiss(sos.sos_id);
  localStorage.clear();
});

describe('报平安 on the phone', () => {
  it('asks when the interval is due, with sound and vibration; 我很安全 sends Terminal/CheckIn and the prompt goes', async () => {
    render(<SosLayer />);
    await pass(0);
    expect(sentTo('CheckInPlan')).toHaveLength(1);

    // Due at 21:50 + 15 min = 22:05. At 22:04:45 nothing asks yet.
    await pass(4 * 60_000 + 45_000);
    expect(prompt()).toBeNull();
    expect(vibrations).toEqual([]);
    expect(sounds).toBe(0);

    // The next check of the clock after 22:05 shows it (every 15 s).
    await pass(15_000);
    expect(prompt()?.textContent).toContain('我很安全');
    expect(screen.getByText('请确认您的安全（每 15 分钟一次，宽限 5 分钟）。')).toBeTruthy();
    expect(vibrations).toHaveLength(1);
    expect(sounds).toBe(1);
    expect(sentTo('CheckIn')).toEqual([]);

    fireEvent.click(screen.getByText('我很安全'));
    await pass(1_000);
    expect(sentTo('CheckIn')).toEqual([
      {
        method: 'POST',
        path: '/proxyserver/api/Terminal/CheckIn',
        body: { device_no: DEVICE, time: '2026-11-20 22:05:00' },
      },
    ]);
    expect(safety.state().checkIns).toEqual([]);
    // The prompt goes and stays away until the next interval.
    expect(prompt()).toBeNull();
    await pass(14 * 60_000);
    expect(prompt()).toBeNull();
    expect(sentTo('CheckIn')).toHaveLength(1);
    // 15 minutes after the check-in it asks again.
    await pass(60_000);
    expect(prompt()?.textContent).toContain('我很安全');
  });

  it('asks nothing while the organisation has check-ins off', async () => {
    plan = { ...plan, enabled: false };
    render(<SosLayer />);
    await pass(60 * 60_000);
    expect(screen.queryByText('我很安全')).toBeNull();
    expect(vibrations).toEqual([]);
    expect(sounds).toBe(0);
  });
});

describe('the SOS’s silent mode', () => {
  /** Holds the SOS button 3 s, then lets the SOS leave and its state come back. */
  async function holdSos() {
    fireEvent.pointerDown(sosButton());
    await pass(3_000);
    fireEvent.pointerUp(sosButton());
    await pass(100);
  }

  it('with sound: a vibration, a sound and the panel 待发送 → 已送达 → 已响应（某某）', async () => {
    plan = { ...plan, enabled: false };
    render(<SosLayer />);
    await pass(0);
    expect(screen.getByRole('button', { name: '有声求助' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.pointerDown(sosButton());
    await pass(3_000);
    expect(vibrations).toHaveLength(1);
    expect(sounds).toBe(1);
    expect(screen.getByRole('status').textContent).toContain('紧急求助 22:00');
    await pass(100);
    expect(sentTo('Sos')).toHaveLength(1);
    expect(sentTo('Sos')[0]?.body).toMatchObject({ device_no: DEVICE, silent: false });
    expect(screen.getByTestId('sos-state').textContent).toBe('已送达');
    sosState = { state: 1, responded_by: '李值班', responded_time: '2026-11-20 22:00:04' };
    await pass(5_000);
    expect(screen.getByTestId('sos-state').textContent).toBe('已响应（李值班）');
  });

  it('silent: sent with silent, and no sound, no vibration, no panel at any state — only a mark on the button', async () => {
    plan = { ...plan, enabled: false };
    render(<SosLayer />);
    await pass(0);
    fireEvent.click(screen.getByRole('button', { name: '有声求助' }));
    expect(screen.getByRole('button', { name: '静音求助' }).getAttribute('aria-pressed')).toBe('true');
    expect(sosButton().dataset.marked).toBe('false');

    await holdSos();
    expect(sentTo('Sos')).toHaveLength(1);
    expect(sentTo('Sos')[0]?.body).toMatchObject({ device_no: DEVICE, silent: true });
    expect(sosButton().dataset.marked).toBe('true');
    const quiet = () => {
      expect(vibrations).toEqual([]);
      expect(sounds).toBe(0);
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByTestId('sos-state')).toBeNull();
      expect(document.body.textContent).not.toMatch(/待发送|已送达|已响应|紧急求助 22/);
    };
    quiet();
    // Answered by the console: still nothing shown or played.
    sosState = { state: 1, responded_by: '李值班', responded_time: '2026-11-20 22:00:04' };
    await pass(5_000);
    expect(sentTo('SosState').length).toBeGreaterThan(0);
    quiet();
    expect(sosButton().dataset.marked).toBe('true');
    // The switch is kept: after the app is opened again the next SOS is silent too.
    cleanup();
    render(<SosLayer />);
    await holdSos();
    expect(sentTo('Sos')).toHaveLength(2);
    expect(sentTo('Sos')[1]?.body).toMatchObject({ silent: true });
    quiet();
  });
});
