import { protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';

/** A value's parser by type id, as PGlite keeps them. */
type Parsers = Record<number, ((value: string, typeId?: number) => unknown) | undefined>;

/** What the engine answered to one message: its results, or the first error, and what it said besides. */
export interface ReadReply {
  /** One per command completed, as PGlite's `parseResults` builds them (one empty result when none completed). */
  results: Results[];
  /** The types of a described statement's parameters (empty when nothing was described). */
  paramTypes: number[];
  /** The first error, as PGlite's parser reports it (with `code`, `detail` …); nothing after it is read. */
  failure?: Error;
  notifications: { channel: string; payload: string }[];
  /** The tags of the commands completed ("SELECT 20", "CREATE TABLE" …). */
  commands: string[];
}

// Backend message codes (PostgreSQL's wire protocol).
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const PARAMETER_DESCRIPTION = 0x74; // 't'
const ERROR = 0x45; // 'E'
const NOTIFICATION = 0x41; // 'A'
/** Commands whose tag ends in the number of rows they changed. */
const CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Column {
  name: string;
  dataTypeID: number;
  parse: ((value: string, typeId?: number) => unknown) | undefined;
}

/** `row[name] = value`, also for a column named `__proto__` (a field, as PGlite's `Object.fromEntries` makes it). */
function setField(row: Record<string, unknown>, name: string, value: unknown) {
  if (name === '__proto__')
    Object.defineProperty(row, name, { value, writable: true, enumerable: true, configurable: true });
  else row[name] = value;
}

/** One backend message that is rare here (an error, a notification), read by PGlite's own parser. */
function readRare<T>(bytes: Buffer, start: number, end: number): T {
  let message: unknown;
  new protocol.Parser().parse(bytes.subarray(start, end), (parsed) => (message = parsed));
  return message as T;
}

/**
 * The engine's reply read straight from its bytes into results: row fields decoded in place, each column's
 * parser looked up once. PGlite's own path copies every field into a buffer of its own before decoding it and
 * builds a message object per row, which made reading results the largest cost of a list call on the main
 * thread. The results are the same as `parseResults` gives (thread.test.ts compares them).
 */
export function readReply(answer: Uint8Array, parsers: Parsers, options?: QueryOptions): ReadReply {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const own = options?.parsers as Parsers | undefined;
  const defaults = types.parsers as Parsers;
  const asArrays = options?.rowMode === 'array';
  const reply: ReadReply = { results: [], paramTypes: [], notifications: [], commands: [] };
  let columns: Column[] = [];
  let rows: Results['rows'] = [];
  let affectedRows = 0;

  const cstring = (at: number) => {
    const end = bytes.indexOf(0, at);
    return { text: bytes.toString('utf8', at, end), next: end + 1 };
  };
  const describeRows = (at: number) => {
    const count = bytes.readInt16BE(at);
    let offset = at + 2;
    columns = [];
    for (let i = 0; i < count; i += 1) {
      const { text: name, next } = cstring(offset);
      const dataTypeID = bytes.readInt32BE(next + 6);
      offset = next + 18;
      columns.push({ name, dataTypeID, parse: own?.[dataTypeID] ?? parsers[dataTypeID] ?? defaults[dataTypeID] });
    }
  };
  const readRow = (at: number) => {
    const count = bytes.readInt16BE(at);
    let offset = at + 2;
    const row: unknown[] | Record<string, unknown> = asArrays ? new Array(count) : {};
    for (let i = 0; i < count; i += 1) {
      const length = bytes.readInt32BE(offset);
      offset += 4;
      let value: unknown = null;
      if (length !== -1) {
        const column = columns[i]!;
        const text = bytes.toString('utf8', offset, offset + length);
        value = column.parse ? column.parse(text, column.dataTypeID) : text;
        offset += length;
      }
      if (Array.isArray(row)) row[i] = value;
      else setField(row, columns[i]!.name, value);
    }
    rows.push(row as Results['rows'][number]);
  };
  const complete = (at: number) => {
    const { text } = cstring(at);
    reply.commands.push(text);
    const parts = text.split(' ');
    const command = parts[0]!;
    const rowCount = parseInt(parts[parts.length - 1]!, 10);
    if (CHANGING.has(command)) affectedRows += rowCount;
    const fields = columns.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    const result: Results = { rows, fields, command, affectedRows };
    if (!Number.isNaN(rowCount)) Object.assign(result, { rowCount });
    reply.results.push(result);
    columns = [];
    rows = [];
  };

  for (let offset = 0; offset + 5 <= bytes.length && !reply.failure;) {
    const code = bytes[offset]!;
    const end = offset + 1 + bytes.readUInt32BE(offset + 1);
    const body = offset + 5;
    if (code === DATA_ROW) readRow(body);
    else if (code === ROW_DESCRIPTION) describeRows(body);
    else if (code === COMMAND_COMPLETE) complete(body);
    else if (code === PARAMETER_DESCRIPTION) {
      const count = bytes.readInt16BE(body);
      reply.paramTypes = Array.from({ length: count }, (_, i) => bytes.readInt32BE(body + 2 + 4 * i));
    } else if (code === ERROR) reply.failure = readRare<Error>(bytes, offset, end);
    else if (code === NOTIFICATION) {
      const { channel, payload } = readRare<{ channel: string; payload: string }>(bytes, offset, end);
      reply.notifications.push({ channel, payload });
    }
    offset = end;
  }
  if (reply.results.length === 0) reply.results.push({ affectedRows: 0, rows: [], fields: [] });
  return reply;
}
