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
/** At most 100 failures per account per hour from all addresses together. */
export const ACCOUNT_RULE: LockRule = { attempts: 100, withinMs: 60 * MINUTE, lockMs: 60 * MINUTE };

/** How far back the failures must be read to decide either rule. */
export const LOOKBACK_MS = Math.max(PAIR_RULE.withinMs + PAIR_RULE.lockMs, ACCOUNT_RULE.withinMs + ACCOUNT_RULE.lockMs);

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

/** Both rules for one account name and one address; the later lock wins. */
export function loginLockedUntil(failures: readonly Attempt[], ip: string, now: Date): Date | null {
  const pair = lockedUntil(
    failures.filter((f) => f.ip === ip).map((f) => f.at),
    PAIR_RULE,
    now,
  );
  const account = lockedUntil(
    failures.map((f) => f.at),
    ACCOUNT_RULE,
    now,
  );
  if (!pair) return account;
  if (!account) return pair;
  return pair > account ? pair : account;
}
