import type { Socket } from 'node:net';
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { JsonRowsWriter, type JsonRowShape, type WrittenArray } from './json-rows.js';

/**
 * A node-postgres client whose connection can hand a query its rows as PostgreSQL sent them: the bytes of each
 * DataRow message, not its fields decoded into strings. Only a `JsonRowsQuery` asks for them, while it runs; every
 * other query reads rows as node-postgres does.
 *
 * Why: a page of 20 punch rows is 460 text fields. node-postgres decodes each into a string (83–93 µs a page alone),
 * the server then makes them objects and fast-json-stringify escapes them back into JSON text (31–43 µs) and the
 * text is encoded into bytes again (6–33 µs). Written from the bytes, the page takes a fraction of that (issue 36,
 * docs/performance.md). This reaches into two internals of node-postgres, which its lockfile version pins and
 * `row-bytes.test.ts` checks against a real PostgreSQL: the connection's `attachListeners(stream)` (the one
 * place a connection starts parsing) and pg-protocol's `Parser.handlePacket(offset, code, length, bytes)`.
 */

const DATA_ROW = 0x44; // 'D'
const ROW_DESCRIPTION = 0x54; // 'T'
/** Set on a connection while its query wants its rows' bytes (a client runs one query at a time). */
const WANTS_BYTES = Symbol('wants row bytes');

/** A DataRow handed over as its bytes: its fields start at `start` (the field count first). Valid until it returns. */
interface RowBytesMessage {
  name: 'dataRow';
  length: number;
  bytes: Buffer;
  start: number;
}

interface ConnectionInternals extends EventEmitter {
  attachListeners(stream: Socket): void;
  _emitMessage: boolean;
  [WANTS_BYTES]?: boolean;
}

type HandlePacket = (offset: number, code: number, length: number, bytes: Buffer) => BackendMessage;

/** What a query that wants its rows' bytes gets for their description: nothing read (it knows its columns). */
const UNREAD_DESCRIPTION = {
  name: 'rowDescription',
  length: 0,
  fieldCount: 0,
  fields: [],
} as unknown as BackendMessage;

/**
 * pg-protocol's parser, which hands DataRows over as their bytes while the connection's query wants them, and does
 * not read their description then.
 */
function rowBytesParser(connection: ConnectionInternals): Parser {
  const parser = new Parser();
  const internals = parser as unknown as { handlePacket: HandlePacket };
  const handlePacket = internals.handlePacket.bind(parser);
  internals.handlePacket = (offset, code, length, bytes) => {
    if (connection[WANTS_BYTES]) {
      if (code === DATA_ROW) return { name: 'dataRow', length, bytes, start: offset } as RowBytesMessage as never;
      if (code === ROW_DESCRIPTION) return UNREAD_DESCRIPTION;
    }
    return handlePacket(offset, code, length, bytes);
  };
  return parser;
}

/** The pool's client: node-postgres' own, its connection reading with `rowBytesParser` (as `attachListeners` does). */
export class RowBytesClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    const connection = this.connection as unknown as ConnectionInternals;
    connection.attachListeners = (stream) => {
      const parser = rowBytesParser(connection);
      stream.on('data', (buffer: Buffer) =>
        parser.parse(buffer, (message) => {
          if (connection._emitMessage) connection.emit('message', message);
          connection.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
        }),
      );
    };
  }
}

interface QueryInternals {
  name: string | undefined;
  submit(connection: ConnectionInternals): Error | null | undefined;
  handleDataRow(message: { fields?: unknown[] } | RowBytesMessage): void;
  handleReadyForQuery(connection: ConnectionInternals): void;
  handleError(error: Error, connection: ConnectionInternals): void;
  _canceledDueToError: unknown;
}
const Query = pg.Query as unknown as new (text: string, values: unknown[]) => QueryInternals;

/**
 * A statement whose rows are written as a JSON array as they arrive (`JsonRowsWriter`), on a `RowBytesClient`. On
 * any other client it gets its rows decoded and is refused, so a pool without the client cannot pass silently.
 */
class JsonRowsQuery extends Query {
  constructor(
    { text, values, name }: { text: string; values: unknown[]; name?: string },
    private readonly writer: JsonRowsWriter,
  ) {
    // Text and values as such, the name after: a configuration object is copied property by property.
    super(text, values);
    this.name = name;
  }

  /** The rows' description is not read: the writer was given its shape. */
  handleRowDescription(): void {}

  override submit(connection: ConnectionInternals) {
    connection[WANTS_BYTES] = true;
    return super.submit(connection);
  }

  override handleDataRow(message: { fields?: unknown[] } | RowBytesMessage): void {
    if (this._canceledDueToError) return;
    if (!('bytes' in message)) {
      this._canceledDueToError = new Error('JsonRowsQuery needs a RowBytesClient');
      return;
    }
    try {
      this.writer.row(message.bytes, message.start, message.length);
    } catch (error) {
      this._canceledDueToError = error;
    }
  }

  override handleReadyForQuery(connection: ConnectionInternals): void {
    connection[WANTS_BYTES] = false;
    super.handleReadyForQuery(connection);
  }

  override handleError(error: Error, connection: ConnectionInternals): void {
    connection[WANTS_BYTES] = false;
    super.handleError(error, connection);
  }
}

/** Whether a pool's clients are `RowBytesClient`s (the server's are; a pool made elsewhere, a tool's, may not be). */
export const readsRowBytes = (pool: pg.Pool): boolean =>
  (pool.options as { Client?: unknown }).Client === RowBytesClient;

/** A statement's rows as a JSON array written from their bytes, the first row's further columns as text. */
export interface JsonRows {
  array: WrittenArray;
  count: number;
  extra: (string | null)[];
}

/** Runs a statement on the pool (of `RowBytesClient`s), its rows written as JSON objects of this shape. */
export async function queryJsonRows(
  pool: pg.Pool,
  statement: { text: string; values: unknown[]; name?: string },
  shape: JsonRowShape,
): Promise<JsonRows> {
  const writer = new JsonRowsWriter(shape);
  // pg-pool runs a query object as it runs text (its promise, the client released after); its types say otherwise.
  await (pool as unknown as { query(query: unknown): Promise<unknown> }).query(new JsonRowsQuery(statement, writer));
  return { array: writer, count: writer.count, extra: writer.extra };
}
