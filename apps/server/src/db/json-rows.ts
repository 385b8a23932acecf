import { Utf8Slab } from '../bytes/utf8-slab.js';

/**
 * How a column's text is written as a JSON value: a string, a number (its digits read as JavaScript reads them),
 * or an integer array (`{1,2}` as `[1,2]`). NULL is `null` whatever the kind.
 */
export type JsonKind = 'string' | 'number' | 'numbers';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const FIRST_PRINTABLE = 0x20;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
/** What JSON.stringify writes for the control characters with a short escape; the others as \u00XX. */
const SHORT_ESCAPES: Record<number, string> = { 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0c: '\\f', 0x0d: '\\r' };
/** The kinds as the writer's loop compares them. */
const STRING = 0;
const NUMBER = 1;
const NUMBERS = 2;
type Kind = typeof STRING | typeof NUMBER | typeof NUMBERS;
const KINDS: Record<JsonKind, Kind> = { string: STRING, number: NUMBER, numbers: NUMBERS };

/** Each byte's escape, for the bytes JSON escapes (control characters, quote, backslash). */
const ESCAPES: (Buffer | undefined)[] = Array.from({ length: 256 }, (_, byte) => {
  if (byte === QUOTE) return Buffer.from('\\"', 'latin1');
  if (byte === BACKSLASH) return Buffer.from('\\\\', 'latin1');
  if (byte >= FIRST_PRINTABLE) return undefined;
  return Buffer.from(SHORT_ESCAPES[byte] ?? `\\u${byte.toString(16).padStart(4, '0')}`, 'latin1');
});
/** 1 for the bytes JSON escapes: the loop's test, a byte at a time. */
const ESCAPED = Uint8Array.from(ESCAPES, (escape) => (escape === undefined ? 0 : 1));
/** The most bytes one byte of a field can take written (\u00XX). */
const MOST_PER_BYTE = 6;
const NULL = Buffer.from('null', 'latin1');
/** Integers up to this many digits are written as they came: JavaScript reads them exactly. */
const EXACT_DIGITS = 15;
/** A page of 20 punch rows takes about 9 KB. */
const FIRST_SIZE = 16 * 1024;
/** The room kept before the array for an answer's envelope head (`{"code":200,"msg":"成功","data":`, 34 bytes). */
const FRAME_ROOM = 64;
/** The writers' first buffers: slices of one slab, not an allocation each (as the answers', `Utf8Slab`). */
const firstBuffers = new Utf8Slab();

/** A number as JSON writes it; not a finite number (NaN, Infinity) as null, as JSON.stringify does. */
const jsonNumber = (text: string) => {
  const value = Number(text);
  return Number.isFinite(value) ? String(value) : 'null';
};

/** A number that is not a plain integer, or an integer array, as JSON. */
function otherValue(kind: Kind, text: string): string {
  if (kind === NUMBER) return jsonNumber(text);
  const items = text.slice(1, -1);
  return items === '' ? '[]' : `[${items.split(',').map(jsonNumber).join(',')}]`;
}

/** Whether bytes are an integer as JavaScript writes it: no leading zero, no plus, few enough digits. */
function plainInteger(bytes: Buffer, start: number, end: number): boolean {
  const first = bytes[start] === MINUS ? start + 1 : start;
  const digits = end - first;
  if (digits < 1 || digits > EXACT_DIGITS || (bytes[first] === ZERO && digits > 1)) return false;
  for (let i = first; i < end; i++) {
    const byte = bytes[i]!;
    if (byte < ZERO || byte > NINE) return false;
  }
  return !(digits === 1 && bytes[first] === ZERO && first > start); // -0 is written 0
}

/** A row's keys as the writer writes them, and how each column is written: made once for a statement's columns. */
export class JsonRowShape {
  /** Each key as it is written before its value: `{"key":` for the first, `,"key":` after. */
  readonly names: Buffer[];
  /** The names' bytes and a null each: what a row takes besides its text. */
  readonly namesBytes: number;
  readonly kinds: Kind[];

  /** The keys in the order the statement selects them, each with how its column is written. */
  constructor(columns: Record<string, JsonKind>) {
    const keys = Object.keys(columns);
    this.kinds = keys.map((key) => KINDS[columns[key]!]);
    this.names = keys.map((key, i) => Buffer.from(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`, 'utf8'));
    this.namesBytes = this.names.reduce((sum, name) => sum + name.length + NULL.length, 0);
  }
}

/**
 * The rows of a statement written as a JSON array of objects straight from PostgreSQL's text bytes (its DataRow
 * messages): no field is decoded into a JavaScript string, no row made an object, no serialiser run. UTF-8 text is
 * copied as it is, escaped where JSON.stringify would escape it, so the array is the same text as
 * `JSON.stringify(rows)` of the same rows read by the driver (`json-rows.test.ts`). Columns after the named ones
 * (a page's total) are not written: the first row's are kept as text (`extra`). The keys and kinds are a
 * `JsonRowShape`. Plain loops over the bytes, the keys' too: a `Buffer.copy` of a field cost more than decoding the
 * field, and `TypedArray.set` of a key was a tenth of the writer's time (profiles under P3's load, issue 36). Room is
 * kept before the array for the answer's envelope (`framed`).
 */
export class JsonRowsWriter {
  private out = firstBuffers.reserve(FIRST_SIZE);
  private used = FRAME_ROOM + 1;
  /** The rows written. */
  count = 0;
  /** The first row's columns after the named ones, as text (null for NULL). */
  extra: (string | null)[] = [];
  private closed = false;

  constructor(private readonly shape: JsonRowShape) {
    this.out[FRAME_ROOM] = 0x5b; // [
  }

  /** One DataRow message's fields: `bytes` from `start` (the field count, then each length and its bytes) on. */
  row(bytes: Buffer, start: number, length: number): void {
    // Room for the row whatever its text: each byte escaped at most six times over, every name, the brackets.
    const { names, namesBytes, kinds } = this.shape;
    this.room(namesBytes + length * MOST_PER_BYTE + 2);
    const { out } = this;
    let used = this.used;
    if (this.count > 0) out[used++] = 0x2c; // ,
    const fields = (bytes[start]! << 8) | bytes[start + 1]!;
    let at = start + 2;
    for (let i = 0; i < fields; i++) {
      const size = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
      at += 4;
      const end = size < 0 ? at : at + size;
      const name = names[i];
      if (name === undefined) {
        if (this.count === 0) this.extra.push(size < 0 ? null : bytes.toString('utf8', at, end));
      } else {
        for (let n = 0; n < name.length; n++) out[used++] = name[n]!;
        if (size < 0) {
          for (let n = 0; n < NULL.length; n++) out[used++] = NULL[n]!;
        } else if (kinds[i] === STRING) {
          out[used++] = QUOTE;
          for (let k = at; k < end; k++) {
            const byte = bytes[k]!;
            if (ESCAPED[byte] === 0) {
              out[used++] = byte;
            } else {
              const escape = ESCAPES[byte]!;
              for (let e = 0; e < escape.length; e++) out[used++] = escape[e]!;
            }
          }
          out[used++] = QUOTE;
        } else if (kinds[i] === NUMBER && plainInteger(bytes, at, end)) {
          for (let k = at; k < end; k++) out[used++] = bytes[k]!;
        } else if (kinds[i] === NUMBERS && size === 2) {
          out[used++] = 0x5b; // [] for {}: most punches have no photo
          out[used++] = 0x5d;
        } else {
          used += out.write(otherValue(kinds[i]!, bytes.toString('latin1', at, end)), used, 'latin1');
        }
      }
      at = end;
    }
    out[used++] = 0x7d; // }
    this.used = used;
    this.count += 1;
  }

  /** The array written, closed: no row is written after. */
  json(): Buffer {
    this.close();
    return this.out.subarray(FRAME_ROOM, this.used);
  }

  /**
   * The array between `head` and `tail` (an answer's envelope), in the writer's own buffer: the head in the room kept
   * before the array, the tail after it. The array is not copied, and an answer takes one slice of a slab, not two.
   */
  framed(head: Buffer, tail: Buffer): Buffer {
    this.close();
    if (head.length > FRAME_ROOM) return Buffer.concat([head, this.json(), tail]);
    this.room(tail.length);
    const { out, used } = this;
    const start = FRAME_ROOM - head.length;
    for (let i = 0; i < head.length; i++) out[start + i] = head[i]!;
    for (let i = 0; i < tail.length; i++) out[used + i] = tail[i]!;
    return out.subarray(start, used + tail.length);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.room(1);
    this.out[this.used++] = 0x5d; // ]
  }

  /** At least `bytes` more free at the end: a buffer twice as large (the bytes copied) when not. */
  private room(bytes: number): void {
    if (this.used + bytes <= this.out.length) return;
    let size = this.out.length * 2;
    while (size < this.used + bytes) size *= 2;
    const larger = Buffer.allocUnsafe(size);
    this.out.copy(larger, 0, 0, this.used);
    this.out = larger;
  }
}

/**
 * A page whose rows came written as a JSON array (`JsonRowsWriter`): the call's envelope is written around it
 * (`serveCalls`, `okBytes`); `rows` parses it for any other reader (tests, and code that wants the rows themselves).
 */
export class WrittenPage<T> {
  constructor(
    readonly array: WrittenArray,
    readonly total: number,
  ) {}

  get rows(): T[] {
    return JSON.parse(this.array.json().toString('utf8')) as T[];
  }
}

/** A JSON array's bytes, and the same between a head and a tail: a `JsonRowsWriter`'s, closed. */
export type WrittenArray = Pick<JsonRowsWriter, 'json' | 'framed'>;

/** Whether a list's page came written (`writtenPage`). */
export const isWritten = <T>(page: { rows: T[]; total: number }): page is WrittenPage<T> => page instanceof WrittenPage;
