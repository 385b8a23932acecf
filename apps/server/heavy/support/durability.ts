import pg from 'pg';

export interface Durability {
  fsync: string;
  synchronousCommit: string;
  /** Standbys the server waits for at each commit (`pg_stat_replication.sync_state = 'sync'`). */
  syncStandbys: number;
}

/** What makes a commit durable, read back from the server a test writes to (R18): never assumed from its settings. */
export async function durabilityOf(url: string): Promise<Durability> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ fsync: string; synchronous_commit: string; sync: string }>(
      `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit,
              (select count(*) from pg_stat_replication where sync_state = 'sync') as sync`,
    );
    const [row] = rows;
    return { fsync: row!.fsync, synchronousCommit: row!.synchronous_commit, syncStandbys: Number(row!.sync) };
  } finally {
    await client.end();
  }
}
