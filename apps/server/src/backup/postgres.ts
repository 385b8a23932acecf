// PostgreSQL's side of a backup: `pg_dump -Fc` and `pg_restore` from the machine's PostgreSQL binaries.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './archive.js';
import { appliedMigrations } from './migrations.js';

/**
 * `PG_BIN/<name>`, else the newest `/usr/lib/postgresql/<version>/bin/<name>` (Debian's layout; pg_dump must be
 * at least the server's version), else whatever PATH finds.
 */
function binary(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(base, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/** The connection string without its password, which goes in PGPASSWORD rather than on a command line. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  try {
    const parsed = new URL(url);
    const password = decodeURIComponent(parsed.password);
    if (!password) return { dbname: url, env: process.env };
    parsed.password = '';
    return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
  } catch {
    return { dbname: url, env: process.env };
  }
}

async function run(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  try {
    await promisify(execFile)(binary(name), [...args, '--dbname', dbname], { env, maxBuffer: 16 << 20 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(`找不到 PostgreSQL 程序 ${name}：请安装 PostgreSQL 15 客户端，或用 PG_BIN 指明其目录`);
    }
    throw new BackupError(`${name} 失败：${(failure.stderr || failure.message).trim()}`);
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `无法连接 DATABASE_URL 指定的数据库：${(error as Error).message}（恢复前请先建好一个空数据库，如 createdb）`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** `pg_dump -Fc` of the database to `file`; answers the migrations applied. */
export async function dumpPostgres(url: string, file: string): Promise<number> {
  await run('pg_dump', ['--format=custom', '--file', file], url);
  return withClient(url, (client) => appliedMigrations((text) => client.query(text)));
}

/** Tables the product could have made (in `public`, and drizzle's migration record); 0 in a new database. */
export function tablesIn(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * Loads a `pg_dump -Fc` file in one transaction that stops at the first error: a failed restore leaves the
 * database as empty as it was. Owners and grants are left out, so any role that owns the new database can restore.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await run('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file], url);
}
