import { SOS_RETRY_MS } from '@guard-tour/contract';
import { useSyncExternalStore } from 'react';
import { checkInPlan, safetySenderFor, sosState } from '../api/safety-api';
import { deviceNo } from '../lib/app-id';
import { localTime } from '../lib/local-time';
import { currentPosition } from '../lib/position';
import { SafetyQueue, localStore, type SafetyState } from '../lib/safety-queue';

/**
 * The guard's safety (SAFETY.md): SOS and 报平安 kept in the phone, sent before any punch by the upload loop
 * (guard-store.ts calls `flushSafety` first), tried again every 5 s while something waits, and each delivered SOS
 * followed until it is 已处理.
 */
export const safety = new SafetyQueue(typeof localStorage === 'undefined' ? memoryFallback() : localStore());

function memoryFallback() {
  let saved: SafetyState = { sos: [], checkIns: [] };
  return { load: () => saved, save: (next: SafetyState) => (saved = next) };
}

let snapshot = safety.state();
safety.subscribe(() => (snapshot = safety.state()));

export function useSafety(): SafetyState {
  return useSyncExternalStore(
    (listener) => safety.subscribe(listener),
    () => snapshot,
    () => snapshot,
  );
}

/** Sends the waiting SOS and check-ins of this phone (before the punches). */
export function flushSafety(device: string): Promise<void> {
  return safety.flush(safetySenderFor(device));
}

/** Asks the server how each delivered, unhandled SOS stands (已响应（某某）). */
async function followSos(): Promise<void> {
  for (const sos of safety.state().sos) {
    if (sos.alert_id === null || sos.state === 2) continue;
    const answer = await sosState(sos.alert_id).catch(() => null);
    if (answer) safety.setState(sos.alert_id, answer.state, answer.responded_by);
  }
}

let kickUpload: () => void = () => undefined;
let timer: ReturnType<typeof setInterval> | null = null;

/** Starts the 5 s retry and follow-up; `kick` runs the upload loop (which sends SOS first). */
export function startSafety(kick: () => void): void {
  kickUpload = kick;
  if (timer) return;
  timer = setInterval(() => {
    if (safety.waiting()) kickUpload();
    void followSos();
  }, SOS_RETRY_MS);
}

/** SOS: kept at once, sent at once with the position if the browser gives one within 5 s. */
export async function pressSos(silent: boolean): Promise<void> {
  const time = localTime();
  const position = await currentPosition();
  safety.pressSos(time, position, silent);
  kickUpload();
}

/** 我很安全: kept, then sent with the position (asked at the tap, at most 5 s). */
export async function checkInNow(): Promise<void> {
  const time = localTime();
  safety.checkIn(time, await currentPosition());
  kickUpload();
}

export { checkInPlan, deviceNo };
