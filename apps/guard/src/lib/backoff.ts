/** The waits between upload tries while the network or the server fails: 2 s, 4 s, 8 s … at most 2 minutes. */
export const FIRST_WAIT_MS = 2_000;
export const MAX_WAIT_MS = 120_000;

/**
 * The wait after `failures` failed tries in a row (1 = the first failure), with up to a fifth added at random so
 * that many phones coming back online do not all knock at once. `random` is Math.random unless a test fixes it.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_WAIT_MS * 2 ** Math.max(0, failures - 1), MAX_WAIT_MS);
  return Math.min(Math.round(base * (1 + random() * 0.2)), MAX_WAIT_MS);
}
