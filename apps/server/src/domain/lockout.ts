/**
 * Login lock-out (DOMAIN.md, Accounts and sessions), decided from the failed attempts alone so that
 * every server counting the same login log agrees. Locks expire by themselves.
 */
export interface LockRule {
  /** This many failures… */
  attempts: number;
  /** …within this many milliseconds… */
  withinMs: number;
  /** …lock for this long after the last of them. */
  lockMs: number;
}

const MINUTE = 60_000;
/** Five failures for one account from one address within 15 minutes lock that pair for 15 minutes. */
export const PAIR_RULE: LockRule = { attempts: 5, withinMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/**
 * Failures of one account from all addresses together within an hour: past 100 every answer to that account is
 * slowed (QUALITY.md R19), never locked, so a stranger cannot keep the owner out.
 */
export const ACCOUNT_SLOW = { attempts: 100, withinMs: 60 * MINUTE, stepMs: 100, maxMs: 10_000 } as const;

/** How far back the failures must be read to decide both rules. */
export const LOOKBACK_MS = Math.max(PAIR_RULE.withinMs + PAIR_RULE.lockMs, ACCOUNT_SLOW.withinMs);

/** The instant the lock ends, or null when not locked. `failures` are the failure times, any order. */
export function lockedUntil(failures: readonly Date[], rule: LockRule, now: Date): Date | null {
  const times = failures.map((f) => f.getTime()).sort((a, b) => b - a);
  let until: number | null = null;
  for (let i = 0; i + rule.attempts - 1 < times.length; i++) {
    const last = times[i]!;
    const first = times[i + rule.attempts - 1]!;
    if (last - first <= rule.withinMs && last + rule.lockMs > now.getTime()) {
      until = Math.max(until ?? 0, last + rule.lockMs);
    }
  }
  return until === null ? null : new Date(until);
}

export interface Attempt {
  at: Date;
  ip: string;
}

/** The pair rule for one account name and one address: the instant its lock ends, or null. */
export function loginLockedUntil(failures: readonly Attempt[], ip: string, now: Date): Date | null {
  return lockedUntil(
    failures.filter((f) => f.ip === ip).map((f) => f.at),
    PAIR_RULE,
    now,
  );
}

/**
 * How long an attempt at this account waits before its answer: nothing up to 100 failures in the last hour from all
 * addresses, then 100 ms more for each failure past them, at most 10 s.
 */
export function loginDelayMs(failures: readonly Attempt[], now: Date): number {
  const since = now.getTime() - ACCOUNT_SLOW.withinMs;
  const recent = failures.filter((f) => f.at.getTime() > since).length;
  const past = recent - ACCOUNT_SLOW.attempts + 1;
  return past <= 0 ? 0 : Math.min(ACCOUNT_SLOW.maxMs, past * ACCOUNT_SLOW.stepMs);
}
