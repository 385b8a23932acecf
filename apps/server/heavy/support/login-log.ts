import pg from 'pg';

/** Failed logins of one account as the database counts them, per address the server saw (the lock-out's input). */
export async function failuresByAddress(databaseUrl: string, userName: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ip: string; failures: string }>(
      `select ip, count(*) as failures from sys_log
        where log_type = 1 and outcome = 'failure' and lower(user_name) = lower($1) group by ip`,
      [userName],
    );
    return Object.fromEntries(rows.map((r) => [r.ip, Number(r.failures)]));
  } finally {
    await client.end();
  }
}
