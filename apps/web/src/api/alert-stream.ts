import { ALERT_EVENT, ALERT_STREAM_PING_MS, type AlertRow } from '@guard-tour/contract';
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { api } from '@guard-tour/client/api';
import { ApiError, failureOf } from '@guard-tour/client/browser';
import { getToken } from '@guard-tour/client/session';
import { watchedFetch } from './stream-watchdog';

/**
 * The live alerts (ACCOUNTABILITY.md, Alerts): the `Alert/Stream` call (`GET`), read with fetch because
 * EventSource cannot send the Authorization header. Each `event: alert` is one alert row; `:` comments keep the
 * connection open. A dropped or refused stream is opened again after 1 s, 2 s, 4 s … at most 30 s; a 401 ends the
 * session like any call of the client, and the stream stays closed.
 */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
/** Three pings missed: the connection is taken for dead and opened again. */
export const SILENCE_MS = 3 * ALERT_STREAM_PING_MS;

/** The wait before the next try: 1 s first, then twice the last wait, at most 30 s. */
export function nextRetry(previous: number | null): number {
  return previous === null ? FIRST_RETRY_MS : Math.min(previous * 2, MAX_RETRY_MS);
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const idOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const TEXT_FIELDS = [
  'kind_name',
  'hold_name',
  'road_name',
  'device_no',
  'patrol_sn',
  'detail',
  'raised_time',
  'handled_by',
  'handled_time',
  'note',
  'true_name',
  'responded_by',
  'responded_time',
] as const;

const coordinateOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * One message of the stream → the alert it carries, or null for anything else (another event, a keep-alive, data
 * that is not an alert row). Missing texts become '', so nothing on screen reads "undefined".
 */
export function alertOf(message: Pick<EventSourceMessage, 'event' | 'data'>): AlertRow | null {
  if (message.event !== ALERT_EVENT || !message.data) return null;
  let value: unknown;
  try {
    value = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  if (typeof row.alert_id !== 'number' || !Number.isInteger(row.alert_id) || row.alert_id < 1) return null;
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, textOf(row[field])])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    alert_id: row.alert_id,
    kind: numberOf(row.kind),
    state: numberOf(row.state),
    // eslint-disable-next-line no-restricted-syntax -- an answer row (AlertRow) as the server sends it, not an input
    hold_id: numberOf(row.hold_id),
    road_id: idOf(row.road_id),
    round_id: idOf(row.round_id),
    ...texts,
    lat: coordinateOf(row.lat),
    lng: coordinateOf(row.lng),
    accuracy: coordinateOf(row.accuracy),
    press_count: numberOf(row.press_count) || 1,
  };
}

function isEventStream(response: Response): boolean {
  return response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
}

/** A refusal (an envelope instead of the stream) as the client's error; a 401 has ended the session by then. */
async function refusalOf(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = null;
  }
  return failureOf(response.status, body);
}

export interface AlertStreamOptions {
  onAlert: (alert: AlertRow) => void;
  /** The stream is open again after a break: alerts may have been missed meanwhile. */
  onReopen?: () => void;
  /** Abort to close the stream for good (logout, unmount). */
  signal: AbortSignal;
  /** Waits between tries; the default doubles from 1 s to 30 s. */
  retry?: (previous: number | null) => number;
  fetch?: typeof fetch;
}

/** Opens the stream and keeps it open until `signal` aborts or the session ends; settles then. */
export async function openAlertStream(options: AlertStreamOptions): Promise<void> {
  const { onAlert, onReopen, signal, retry = nextRetry } = options;
  const token = getToken();
  if (!token || signal.aborted) return;
  let lastWait: number | null = null;
  let opened = false;
  try {
    await fetchEventSource(api.alert.stream.url(undefined), {
      signal,
      headers: { Authorization: `Bearer ${token}` },
      fetch: watchedFetch(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), SILENCE_MS),
      async onopen(response) {
        if (!isEventStream(response)) throw await refusalOf(response);
        lastWait = null;
        if (opened) onReopen?.();
        opened = true;
      },
      onmessage(message) {
        const alert = alertOf(message);
        if (alert) onAlert(alert);
      },
      onclose() {
        // The server ended the answer (a restart): open it again.
        throw new Error('stream closed');
      },
      onerror(error: unknown) {
        // A 401 (the session is over) is final: throwing here stops the library's retries.
        if (error instanceof ApiError && error.kind === 'unauthenticated') throw error;
        lastWait = retry(lastWait);
        return lastWait;
      },
    });
  } catch {
    // Only a 401 ends up here; the client has already sent the browser to the login page.
  }
}
