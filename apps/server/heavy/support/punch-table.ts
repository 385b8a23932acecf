import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { punchKey } from './terminal.js';

/** Each (device, card, instant) of these terminals with its copies in the punch table. */
const STORED = `select device_no, patrol_sn, (extract(epoch from punch_time) * 1000)::bigint as ms, count(*) as copies
                  from punch where device_no = any($1::text[]) group by 1, 2, 3`;
type StoredRow = { device_no: string; patrol_sn: string; ms: string | number; copies: string | number };

const storedMap = (rows: StoredRow[]) =>
  new Map(rows.map((r) => [punchKey(r.device_no, r.patrol_sn, Number(r.ms)), Number(r.copies)]));
const upper = (deviceNos: string[]) => deviceNos.map((d) => d.toUpperCase());

/**
 * How many rows the punch table holds for each (device, card, instant) of these terminals, read with the driver
 * alone so the server under test has no say in the count.
 */
export async function storedPunches(databaseUrl: string, deviceNos: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return storedMap((await client.query<StoredRow>(STORED, [upper(deviceNos)])).rows);
  } finally {
    await client.end();
  }
}

/** The same count read from an embedded database folder by PGlite itself, while no server holds it (after a kill). */
export async function storedPunchesEmbedded(folder: string, deviceNos: string[]): Promise<Map<string, number>> {
  const db = await PGlite.create(folder);
  try {
    return storedMap((await db.query<StoredRow>(STORED, [upper(deviceNos)])).rows);
  } finally {
    await db.close();
  }
}

export interface PunchAudit {
  lost: string[];
  doubled: string[];
  unknown: string[];
}

/** Compares what must be stored once each with what the table holds. */
export function auditPunches(expected: Iterable<string>, stored: Map<string, number>): PunchAudit {
  const wanted = new Set(expected);
  const lost = [...wanted].filter((key) => !stored.has(key));
  const doubled = [...stored].filter(([, copies]) => copies > 1).map(([key, copies]) => `${key} ×${copies}`);
  const unknown = [...stored.keys()].filter((key) => !wanted.has(key));
  return { lost, doubled, unknown };
}

/** "3 lost (A|B|t, …); 1 doubled (…)" or '' when the table holds exactly what it must. */
export function describeAudit(audit: PunchAudit, what: string): string {
  const part = (label: string, keys: string[]) =>
    keys.length ? `${keys.length} ${label} (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''})` : '';
  const parts = [
    part(`${what} lost`, audit.lost),
    part('stored more than once', audit.doubled),
    part('stored but never sent', audit.unknown),
  ].filter(Boolean);
  return parts.join('; ');
}
