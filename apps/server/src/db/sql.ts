import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { Paging } from '@guard-tour/contract';
import type { Queryable } from './client.js';

/** A timestamp as `YYYY-MM-DD HH:mm:ss` in the deployment time zone. */
export function localTime(column: AnyColumn | SQL, tz: string): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;
}

/** A date column as `YYYY-MM-DD`, '' when empty. */
export function dateText(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`coalesce(to_char(${column}, 'YYYY-MM-DD'), '')`;
}

/** The ILIKE pattern of a case-insensitive substring match (LIKE wildcards in the keyword are taken literally). */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match of a keyword (LIKE wildcards in the keyword are taken literally). */
export function contains(column: AnyColumn | SQL, keyword: string): SQL {
  return sql`${column} ilike ${containsPattern(keyword)}`;
}

/** A page's LIMIT and OFFSET. */
export function pageWindow({ page, pageSize }: Paging): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** `column = any($1::int[])`: one parameter however many ids (a plain IN list would spend one each). */
export function inIds(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${idArray(ids)})`;
}

/**
 * The ids as one `int[]` parameter, for hand-written SQL: sent as the array's text, which node-postgres would
 * otherwise write by quoting and escaping each id as a string (a tenth of a millisecond per thousand ids).
 */
export function idArray(ids: readonly number[]): SQL {
  return sql`${sql.param(`{${ids.join(',')}}`)}::int[]`;
}

/** Runs hand-written SQL and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
