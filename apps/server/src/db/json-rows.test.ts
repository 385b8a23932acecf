import { describe, expect, it } from 'vitest';
import { JsonRowShape, JsonRowsWriter, WrittenPage, isWritten, type JsonKind } from './json-rows.js';

/** A DataRow message as PostgreSQL sends it: 'D', its length, the field count, each field's length and bytes. */
function dataRow(fields: (string | null)[]): Buffer {
  const parts = fields.map((field) => {
    if (field === null) return Buffer.from([0xff, 0xff, 0xff, 0xff]);
    const text = Buffer.from(field, 'utf8');
    const length = Buffer.alloc(4);
    length.writeInt32BE(text.length);
    return Buffer.concat([length, text]);
  });
  const count = Buffer.alloc(2);
  count.writeInt16BE(fields.length);
  const body = Buffer.concat([count, ...parts]);
  const head = Buffer.alloc(5);
  head[0] = 0x44;
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** Rows written from their messages, each placed inside a larger buffer as the parser's buffer holds them. */
function written(keys: string[], kinds: JsonKind[], rows: (string | null)[][]) {
  const writer = new JsonRowsWriter(new JsonRowShape(Object.fromEntries(keys.map((key, i) => [key, kinds[i]!]))));
  for (const row of rows) {
    const message = dataRow(row);
    const inBuffer = Buffer.concat([Buffer.from('junk before'), message, Buffer.from('junk after')]);
    writer.row(inBuffer, 'junk before'.length + 5, message.length - 1);
  }
  return writer;
}

const keys = ['id', 'name', 'lat', 'photos'];
const kinds: JsonKind[] = ['number', 'string', 'number', 'numbers'];

describe('a page’s rows written as JSON from PostgreSQL’s bytes', () => {
  it('is the text JSON.stringify writes for the same rows, whatever the text holds', () => {
    const names = [
      'plain',
      '巡检点8488 中文',
      'quote " and backslash \\ and slash /',
      'new\nline\ttab\rreturn\bback\fform',
      'control \u0001 \u001f and del \u007f',
      'emoji 😀 and U+2028 \u2028',
      '',
    ];
    const rows = names.map((name, i) => [
      String(i + 1),
      name,
      i % 2 ? '31.2304' : null,
      i % 3 ? `{${i},${i + 10}}` : '{}',
    ]);
    const writer = written(keys, kinds, rows);
    const expected = rows.map(([id, name, lat, photos]) => ({
      id: Number(id),
      name,
      lat: lat === null ? null : Number(lat),
      photos: photos === '{}' ? [] : photos!.slice(1, -1).split(',').map(Number),
    }));
    expect(writer.json().toString('utf8')).toBe(JSON.stringify(expected));
    expect(writer.count).toBe(names.length);
  });

  it('writes numbers as JavaScript reads them, and NaN or Infinity as null', () => {
    const writer = written(
      ['n'],
      ['number'],
      [['1e-05'], ['-0.5000'], ['NaN'], ['Infinity'], ['9007199254740993'], [null]],
    );
    expect(writer.json().toString()).toBe(
      JSON.stringify([1e-5, -0.5, null, null, Number('9007199254740993'), null].map((n) => ({ n }))),
    );
  });

  it('keeps the first row’s further columns as text and writes only the named ones', () => {
    const writer = written(
      ['id'],
      ['number'],
      [
        ['1', '42', null],
        ['2', '41', 'x'],
      ],
    );
    expect(writer.json().toString()).toBe('[{"id":1},{"id":2}]');
    expect(writer.extra).toEqual(['42', null]);
  });

  it('grows past its first buffer without losing a byte', () => {
    const long = '长'.repeat(20_000) + '"'.repeat(5_000);
    const writer = written(
      ['id', 'name'],
      ['number', 'string'],
      [
        ['1', long],
        ['2', long],
      ],
    );
    expect(writer.json().toString()).toBe(
      JSON.stringify([
        { id: 1, name: long },
        { id: 2, name: long },
      ]),
    );
  });

  it('frames the array with an envelope in its own buffer, the array not copied', () => {
    const writer = written(['id'], ['number'], [['1'], ['2']]);
    const array = writer.json();
    const answer = writer.framed(Buffer.from('{"code":200,"msg":"成功","data":'), Buffer.from(',"total":2}'));
    expect(answer.toString()).toBe(JSON.stringify({ code: 200, msg: '成功', data: [{ id: 1 }, { id: 2 }], total: 2 }));
    expect(answer.buffer).toBe(array.buffer);
    expect(answer.byteOffset + Buffer.byteLength('{"code":200,"msg":"成功","data":')).toBe(array.byteOffset);
    expect(writer.json().toString()).toBe('[{"id":1},{"id":2}]');
  });

  it('frames an array that grew past its first buffer, with a tail longer than its room or a head longer than the room kept for it', () => {
    const long = '巡'.repeat(6_000);
    const grown = written(['name'], ['string'], [[long], [long]]);
    expect(JSON.parse(grown.framed(Buffer.from('{"data":'), Buffer.from('}')).toString())).toEqual({
      data: [{ name: long }, { name: long }],
    });
    const tail = `,"note":"${'x'.repeat(20_000)}"}`;
    expect(
      written(['id'], ['number'], [['7']])
        .framed(Buffer.from('{"data":'), Buffer.from(tail))
        .toString(),
    ).toBe(`{"data":[{"id":7}]${tail}`);
    const head = `{"note":"${'x'.repeat(100)}","data":`;
    expect(
      written(['id'], ['number'], [['7']])
        .framed(Buffer.from(head), Buffer.from('}'))
        .toString(),
    ).toBe(`${head}[{"id":7}]}`);
  });

  it('an empty statement is an empty array', () => {
    expect(written(keys, kinds, []).json().toString()).toBe('[]');
  });

  it('a written page reads its rows back for any other reader', () => {
    const page = new WrittenPage<{ id: number }>(written(['id'], ['number'], [['1'], ['2']]), 7);
    expect(isWritten(page)).toBe(true);
    expect(page.rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(page.total).toBe(7);
    expect(isWritten({ rows: [], total: 0 })).toBe(false);
  });
});
