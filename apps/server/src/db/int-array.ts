import type pg from 'pg';

/** PostgreSQL's type oids of `smallint[]` and `integer[]` (node-postgres's TypeId names only the element types). */
export const INT_ARRAY_OIDS = [1005, 1007] as unknown as readonly Parameters<typeof pg.types.getTypeParser>[0][];

/**
 * A one-dimensional `smallint[]` or `integer[]` in PostgreSQL's text form (`{1,2,NULL}`) as numbers, null kept:
 * no element of such an array is ever quoted or escaped, so a split reads it. node-postgres's general array reader
 * took a tenth of Summary's JavaScript at 2,000 roads (each road's slots and cycle items) and a photo list's share of
 * every punch row. Anything else (another dimension) goes to `general`.
 */
export function parseIntArray(text: string, general: (text: string) => unknown): unknown {
  if (text === '{}') return [];
  if (text.charCodeAt(0) !== 123 /* { */ || text.indexOf('{', 1) !== -1) return general(text);
  return text
    .slice(1, -1)
    .split(',')
    .map((item) => (item === 'NULL' ? null : Number(item)));
}
