import pg from 'pg';

/**
 * Pauses every transaction that inserts punches between its insert and its commit: a deferred trigger on `punch`
 * (test-only, installed from outside the server) waits at COMMIT for an advisory lock the test holds. A server that
 * answered an upload before its commit would answer while paused (R18); one that waits for the commit does not.
 */
const LOCK = 1_801_842;

export interface CommitPause {
  /** Lets the paused commits finish and removes the trigger. */
  release(): Promise<void>;
}

export async function pausePunchCommits(url: string): Promise<CommitPause> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query(`
    create or replace function r18_pause() returns trigger language plpgsql as $$
    begin perform pg_advisory_xact_lock_shared(${LOCK}); return null; end $$`);
  await holder.query(`drop trigger if exists r18_pause on punch`);
  await holder.query(`
    create constraint trigger r18_pause after insert on punch deferrable initially deferred
    for each row execute function r18_pause()`);
  await holder.query(`select pg_advisory_lock(${LOCK})`);
  return {
    async release() {
      try {
        await holder.query(`select pg_advisory_unlock(${LOCK})`);
        await holder.query(`drop trigger if exists r18_pause on punch`);
      } finally {
        await holder.end();
      }
    },
  };
}

/** Resolves once at least one transaction waits at its commit for the pause; false if none did in time. */
export async function commitsPaused(url: string, limitMs = 10_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const deadline = Date.now() + limitMs; Date.now() < deadline;) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from pg_locks where locktype = 'advisory' and objid = ${LOCK} and not granted`,
      );
      if (Number(rows[0]!.n) > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return false;
  } finally {
    await client.end();
  }
}
