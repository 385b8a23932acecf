import type { AppRound } from '@guard-tour/contract';
import { clearSession, getSession } from '@guard-tour/client/session';
import {
  isPermanent,
  isPhoneRefused,
  isPhotoRefused,
  isSessionEnded,
  needsRegistration,
  registerApp,
  senderFor,
  todayRounds,
} from '../api/guard-api';
import { appId, deviceNo, setDeviceNo } from '../lib/app-id';
import { currentRound } from '../lib/current-round';
import { indexedDbStore } from '../lib/idb-store';
import { localTime } from '../lib/local-time';
import { PunchQueue, type GivenAnswer, type QueuedPunch } from '../lib/punch-queue';
import { startSyncLoop, type SyncState } from '../lib/sync-loop';
import { freshPosition, watchPosition } from '../lib/position';
import { flushSafety, startSafety } from './safety-store';

/**
 * The app's one store: today's rounds (kept for offline use), the offline queue and the upload loop. Screens read
 * it through `useGuard()` and change it through the functions below.
 */
export interface GuardState {
  rounds: AppRound[] | null;
  roundsError: string | null;
  queue: QueuedPunch[];
  sync: SyncState;
  online: boolean;
  /** Why the guard was sent back to the login screen (the server refused this phone), shown there. */
  signedOut: string | null;
}

const ROUNDS_KEY = 'gt.guard.rounds';
const listeners = new Set<() => void>();

function cachedRounds(): AppRound[] | null {
  try {
    const saved = JSON.parse(localStorage.getItem(ROUNDS_KEY) ?? 'null') as {
      day: string;
      user: string;
      rounds: AppRound[];
    } | null;
    const today = localTime().slice(0, 10);
    return saved && saved.day === today && saved.user === getSession()?.info?.userName ? saved.rounds : null;
  } catch {
    return null;
  }
}

let state: GuardState = {
  rounds: cachedRounds(),
  roundsError: null,
  queue: [],
  sync: { kind: 'idle' },
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  signedOut: null,
};

function set(patch: Partial<GuardState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const getGuardState = () => state;
export function subscribeGuard(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function keepRounds(rounds: AppRound[]): void {
  const user = getSession()?.info?.userName ?? '';
  localStorage.setItem(ROUNDS_KEY, JSON.stringify({ day: localTime().slice(0, 10), user, rounds }));
  set({ rounds, roundsError: null });
}

export const queue = new PunchQueue(indexedDbStore(), { isPermanent });
queue.subscribe(() => void queue.list().then((list) => set({ queue: list })));

/** Marks points the server now has as checked in the kept rounds, until the next refresh says so itself. */
function markChecked(stored: { patrol_sn: string; punch_time: string }[]): void {
  if (!state.rounds || stored.length === 0) return;
  const first = new Map<string, string>();
  for (const one of stored) {
    const seen = first.get(one.patrol_sn);
    if (!seen || one.punch_time < seen) first.set(one.patrol_sn, one.punch_time);
  }
  keepRounds(
    state.rounds.map((round) => ({
      ...round,
      points: round.points.map((point) =>
        point.checked_time === null && first.has(point.patrol_sn)
          ? { ...point, checked_time: first.get(point.patrol_sn) ?? null }
          : point,
      ),
    })),
  );
}

/**
 * Runs a call that names this phone; a session that has not registered it yet (logged in before phones were bound
 * to sessions) registers it and tries once more.
 */
async function asThisPhone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!needsRegistration(error)) throw error;
    setDeviceNo((await registerApp(appId())).device_no);
    return work();
  }
}

/** Sends the queue; photos refused as not this account's are uploaded again under it, then the batch once more. */
async function sendQueue(device: string) {
  return asThisPhone(async () => {
    try {
      return await queue.flush(senderFor(device));
    } catch (error) {
      if (!isPhotoRefused(error)) throw error;
      await queue.forgetPhotoIds();
      return queue.flush(senderFor(device));
    }
  });
}

const loop = startSyncLoop({
  flush: async () => {
    const device = deviceNo();
    if (!device || !getSession()) return;
    // SOS and 报平安 go before any punch (SAFETY.md).
    const result = await asThisPhone(() => flushSafety(device))
      .then(() => sendQueue(device))
      .catch((error: unknown) => {
        // The session was ended (the phone deleted in 设备管理 or moved out of the organisation, a password reset):
        // the client has cleared it; the login screen says why and that the punches wait.
        if (isSessionEnded(error)) {
          sessionEnded(error instanceof Error ? error.message : '请重新登录');
          return null;
        }
        if (!isPhoneRefused(error)) throw error;
        // Back to the login screen; logging in registers the phone again and the queue is sent then.
        setDeviceNo(null);
        set({ signedOut: error instanceof Error ? error.message : '请重新登录' });
        clearSession();
        return null;
      });
    if (!result) return;
    if (result.stored.length) {
      markChecked(result.stored);
      void refreshRounds();
    }
  },
  onState: (sync) => set({ sync }),
});

/**
 * Any call the server answered 401 (the phone deleted in 设备管理, the account moved, a password reset), whichever
 * screen or loop made it: the client has cleared the session; the login screen says why (the first reason stays).
 */
export function sessionEnded(message: string): void {
  if (!state.signedOut) set({ signedOut: message });
}

export async function refreshRounds(): Promise<void> {
  if (!getSession()) return;
  try {
    keepRounds(await asThisPhone(() => todayRounds(deviceNo())));
  } catch (error) {
    set({ roundsError: error instanceof Error ? error.message : '加载失败' });
  }
}

/** Starts the store once the guard is logged in: reads the queue, fetches today's rounds, sends what waits. */
export function startGuard(): void {
  set({ rounds: cachedRounds(), signedOut: null });
  void queue.list().then((list) => set({ queue: list }));
  void refreshRounds();
  startSafety(loop.kick);
  stopWatching ??= watchPosition();
  loop.kick();
}

let stopWatching: (() => void) | null = null;

export const syncNow = () => loop.kick();

/** Checks a point now: into the queue first, then on its way to the server. */
export async function checkPoint(card: string): Promise<QueuedPunch> {
  // A point with a checklist (INSPECTION.md): the punch waits in the queue until its items are answered.
  const holding = !!pointOf(card)?.point.checklist?.items.length;
  const punch = await queue.add(card, localTime(), { position: freshPosition(), holding });
  loop.kick();
  return punch;
}

/** 提交 of a point's checklist: the answers join the held punch, which is then sent with them. */
export async function answerChecklist(punchKey: string, answers: GivenAnswer[]) {
  const punch = await queue.answer(punchKey, answers);
  loop.kick();
  return punch;
}

/** 事件上报 at a point: joins the punch just taken while it waits, else goes as its own punch. */
export async function reportEvent(punchKey: string | null, card: string, note: string, photos: Blob[]) {
  const punch = await queue.report(punchKey, card, localTime(), note, photos);
  loop.kick();
  return punch;
}

/** The point of today's rounds with this card number (the first round that has it). */
export function pointOf(card: string) {
  // A road walked in several slots lists a point once per slot: the round running now (or nearest) first.
  const rounds = state.rounds ?? [];
  const current = currentRound(
    rounds.filter((round) => round.points.some((one) => one.patrol_sn === card)),
    localTime(),
  );
  for (const round of current ? [current, ...rounds] : rounds) {
    const point = round.points.find((one) => one.patrol_sn === card);
    if (point) return { round, point };
  }
  return null;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    set({ online: true });
    loop.kick();
    void refreshRounds();
  });
  window.addEventListener('offline', () => set({ online: false }));
}
