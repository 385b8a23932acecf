import type { AlertRow } from '@guard-tour/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertOf, FIRST_RETRY_MS, MAX_RETRY_MS, nextRetry, openAlertStream } from './alert-stream';
import { clearSession, getSession, startSession } from '@guard-tour/client/session';
import { ADMIN_SESSION, freshBrowserEach } from '@guard-tour/client/testing';

const ALERT: AlertRow = {
  alert_id: 41,
  kind: 4,
  kind_name: '疑似代打',
  state: 0,
  hold_id: 3,
  hold_name: '滨江花园保安部',
  road_id: 7,
  road_name: '东区夜巡',
  round_id: 90,
  device_no: '865000000000101',
  patrol_sn: '0001A2',
  detail: '设备 865000000000101 在 40 秒内打了 3 个不同的点',
  raised_time: '2026-11-23 08:31:05',
  handled_by: '',
  handled_time: '',
  note: '',
  true_name: '',
  lat: null,
  lng: null,
  accuracy: null,
  press_count: 1,
  responded_by: '',
  responded_time: '',
};

const encoder = new TextEncoder();

/** An event stream that sends these pieces of text, then ends (or stays open). */
function eventStream(pieces: string[], end = true): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (end) controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

const envelope = (code: number, msg: string) =>
  new Response(JSON.stringify({ code, msg, data: null }), { headers: { 'Content-Type': 'application/json' } });

describe('reading the alert stream’s messages', () => {
  it('takes an `alert` event’s data as one alert row', () => {
    expect(alertOf({ event: 'alert', data: JSON.stringify(ALERT) })).toEqual(ALERT);
  });

  it('ignores keep-alives, other events, broken JSON and rows without an id', () => {
    expect(alertOf({ event: '', data: '' })).toBeNull();
    expect(alertOf({ event: 'message', data: JSON.stringify(ALERT) })).toBeNull();
    expect(alertOf({ event: 'alert', data: '{"alert_id": 4' })).toBeNull();
    expect(alertOf({ event: 'alert', data: '"告警"' })).toBeNull();
    expect(alertOf({ event: 'alert', data: JSON.stringify({ ...ALERT, alert_id: '41' }) })).toBeNull();
  });

  it('fills what a row leaves out, so the screen never reads “undefined”', () => {
    const alert = alertOf({ event: 'alert', data: JSON.stringify({ alert_id: 5, kind: 2, detail: '终端离线' }) });
    expect(alert).toMatchObject({ alert_id: 5, kind: 2, detail: '终端离线', hold_name: '', road_id: null, note: '' });
    expect(Object.values(alert ?? {})).not.toContain(undefined);
  });
});

describe('the wait before opening the stream again', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    const waits: number[] = [];
    let wait: number | null = null;
    for (let i = 0; i < 8; i += 1) {
      wait = nextRetry(wait);
      waits.push(wait);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(FIRST_RETRY_MS).toBe(1_000);
    expect(MAX_RETRY_MS).toBe(30_000);
  });
});

describe('the live alert stream', () => {
  const onUnauthorized = freshBrowserEach();

  beforeEach(() => {
    startSession(ADMIN_SESSION);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the session’s token and hands over each alert, however the bytes are cut', async () => {
    const controller = new AbortController();
    const seen: RequestInit[] = [];
    const alerts: AlertRow[] = [];
    const text = `event: alert\ndata: ${JSON.stringify(ALERT)}\n\n`;
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return Promise.resolve(
        eventStream(
          [
            ': ping\n\n',
            text.slice(0, 20),
            text.slice(20),
            `event: alert\ndata: ${JSON.stringify({ ...ALERT, alert_id: 42 })}\n\n`,
          ],
          false,
        ),
      );
    });
    const done = openAlertStream({
      signal: controller.signal,
      fetch,
      onAlert: (alert) => {
        alerts.push(alert);
        if (alerts.length === 2) controller.abort();
      },
    });
    await done;
    expect(alerts.map((alert) => alert.alert_id)).toEqual([41, 42]);
    expect(alerts[0]).toEqual(ALERT);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/proxyserver/api/Alert/Stream');
    expect((seen[0]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${ADMIN_SESSION.token}`);
  });

  it('opens again after 1 s, 2 s, 4 s …, and from 1 s again once it was open', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const waits: number[] = [];
    const answers: (() => Promise<Response>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(envelope(500, '服务器忙')),
      () => Promise.resolve(eventStream([': ping\n\n'])),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(eventStream([': ping\n\n'], false)),
    ];
    const fetch = vi.fn(() => (answers.shift() ?? answers[0]!)());
    const onReopen = vi.fn();
    const done = openAlertStream({
      signal: controller.signal,
      fetch,
      onAlert: () => undefined,
      onReopen,
      retry: (previous) => {
        const wait = nextRetry(previous);
        waits.push(wait);
        return wait;
      },
    });
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 1_000 + 2_000);
    expect(fetch).toHaveBeenCalledTimes(5);
    // Refused twice (1 s, 2 s), open then ended by the server (1 s again), refused once more (2 s).
    expect(waits).toEqual([1_000, 2_000, 1_000, 2_000]);
    expect(onReopen).toHaveBeenCalledTimes(1);
    controller.abort();
    await done;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('ends the session on a 401 envelope, like any call, and stops trying', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => Promise.resolve(envelope(401, '登录已过期，请重新登录')));
    await openAlertStream({ signal: new AbortController().signal, fetch, onAlert: () => undefined });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getSession()).toBeNull();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up on a connection that stays silent for three pings, and opens it again', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const fetch = vi.fn(() => Promise.resolve(eventStream([': ping\n\n'], false)));
    const done = openAlertStream({ signal: controller.signal, fetch, onAlert: () => undefined });
    await vi.advanceTimersByTimeAsync(44_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000 + 1_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    controller.abort();
    await done;
  });

  it('does not open without a session', async () => {
    clearSession();
    const fetch = vi.fn();
    await openAlertStream({ signal: new AbortController().signal, fetch, onAlert: () => undefined });
    expect(fetch).not.toHaveBeenCalled();
  });
});
