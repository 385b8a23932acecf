import { backoffDelay } from './backoff';

/**
 * Keeps trying to empty the queue: at once when a punch is taken or the phone comes back online, and after a
 * failure again after 2 s, 4 s, 8 s … (backoff.ts).
 */
export type SyncState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'waiting'; failures: number; retryAt: number; error: unknown };

export interface SyncLoopOptions {
  flush: () => Promise<unknown>;
  onState?: (state: SyncState) => void;
  delay?: (failures: number) => number;
  now?: () => number;
}

export interface SyncLoop {
  /** Try now (a punch was taken, the network is back, the guard pulled to refresh). */
  kick(): void;
  stop(): void;
}

export function startSyncLoop(options: SyncLoopOptions): SyncLoop {
  const { flush, onState = () => undefined, delay = backoffDelay, now = Date.now } = options;
  let failures = 0;
  let running = false;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = true;
    onState({ kind: 'sending' });
    try {
      await flush();
      failures = 0;
      running = false;
      if (again && !stopped) {
        again = false;
        return run();
      }
      onState({ kind: 'idle' });
    } catch (error) {
      running = false;
      again = false;
      failures += 1;
      if (stopped) return;
      const wait = delay(failures);
      onState({ kind: 'waiting', failures, retryAt: now() + wait, error });
      timer = setTimeout(() => void run(), wait);
    }
  };

  return {
    kick: () => void run(),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
