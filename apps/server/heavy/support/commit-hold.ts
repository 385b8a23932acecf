import pg from 'pg';

/**
 * Holds every commit on PostgreSQL between its durable write and its answer: `synchronous_standby_names` names a
 * standby that never connects, so a COMMIT is flushed to disk, then waits (`SyncRep`) for an acknowledgement that
 * never comes. A server killed then has committed what it never answered: the duplicate case of R7, made certain.
 * Needs `synchronous_commit` on (the durable cluster).
 */
async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waiting = async (client: pg.Client) =>
  Number(
    (await client.query<{ n: string }>(`select count(*) as n from pg_stat_activity where wait_event = 'SyncRep'`))
      .rows[0]!.n,
  );

export async function holdCommits(url: string): Promise<void> {
  await onDatabase(url, async (client) => {
    await client.query(`alter system set synchronous_standby_names = 'heavy_commit_hold'`);
    await client.query('select pg_reload_conf()');
  });
}

/** Resolves once at least one transaction has committed and waits for its answer; false if none did in time. */
export function commitsHeld(url: string, limitMs = 10_000): Promise<boolean> {
  return onDatabase(url, async (client) => {
    for (const deadline = Date.now() + limitMs; Date.now() < deadline; await pause(5)) {
      if ((await waiting(client)) > 0) return true;
    }
    return false;
  });
}

/** Lets the held commits finish (their sessions end, their server gone) and new ones answer at once again. */
export async function releaseCommits(url: string): Promise<void> {
  await onDatabase(url, async (client) => {
    await client.query('alter system reset synchronous_standby_names');
    await client.query('select pg_reload_conf()');
    for (const deadline = Date.now() + 10_000; (await waiting(client)) > 0; await pause(20)) {
      if (Date.now() > deadline) throw new Error('commits still held 10 s after the release');
    }
  });
}
