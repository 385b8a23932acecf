import { sheetText } from '../domain/export-cell.js';
import { cellText, packRows, type PackedRows } from './packed-rows.js';

/**
 * The SpreadsheetML text of an .xlsx (ECMA-376): the package parts around the sheets, and a sheet's rows written
 * a part at a time. Pure text: what writes it to a file (workbook-file.ts) runs on the export's worker thread.
 */

/** What the text of one sheet needs to know besides its rows: its columns' titles, blanks and widths. */
export interface SheetLayout {
  title: string;
  /** Each column's header, and its text for an empty field (SheetColumn.blank), '' for none. */
  columns: readonly { title: string; blank: string }[];
  /** Each column's width in characters. */
  widths: readonly number[];
}

/** Bytes of sheet text handed to the compressor at once. */
const PART_BYTES = 256 * 1024;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The package around the sheets (ECMA-376): content types, relationships, the workbook naming each sheet. */
export const contentTypes = (count: number) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetNumbers(
    count,
  )
    .map(
      (n) =>
        `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('')}</Types>`;
export const PACKAGE_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
export const workbookRels = (count: number) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetNumbers(count)
    .map((n) => `<Relationship Id="rId${n}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${n}.xml"/>`)
    .join('')}</Relationships>`;
export const workbookXml = (titles: readonly string[]) =>
  `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>${titles
    .map((title, i) => `<sheet name="${escapeXml(sheetName(title))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')}</sheets></workbook>`;
const sheetNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** A sheet's name: at most 31 characters, none of `[]:*?/\`. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** Characters XML 1.0 cannot hold are dropped; the five special ones escaped. */
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are what it finds
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const SPECIAL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// eslint-disable-next-line no-control-regex -- as NOT_XML, with the five special characters
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const escapeXml = (text: string) =>
  NEEDS_ESCAPE.test(text) ? text.replace(NOT_XML, '').replace(SPECIAL, (c) => ENTITIES[c]!) : text;

/** Column letters A, B, … Z, AA, …. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const NO_BLANKS: readonly string[] = [];

/**
 * Row `row` of a packed batch (packed-rows.ts) as sheet row `rowNumber`: numbers as numbers, anything else as text a
 * spreadsheet will not run as a formula, an empty field as its column's `blanks` text (SheetColumn.blank) when it
 * has one. `cellStarts` are each column's `<c r="A`. Empty cells are left out, and a cell names its place (`r`) only
 * when it is the row's first or follows one left out: readers place a cell without it after the one before
 * (ECMA-376 §18.3.1.4; Excel, LibreOffice, ExcelJS and SheetJS do). The references were a quarter of the time spent
 * writing a sheet and, as deflate cannot fold them, half of the file.
 */
function rowXml(
  batch: PackedRows,
  row: number,
  rowNumber: number,
  cellStarts: readonly string[],
  blanks: readonly string[] = NO_BLANKS,
): string {
  const { numbers } = batch;
  let cells = '';
  let next = -1;
  for (let i = 0, k = row * batch.columns; i < cellStarts.length; i += 1, k += 1) {
    const start = i === next ? '<c' : `${cellStarts[i]}${rowNumber}"`;
    let text = cellText(batch, row, i);
    if (numbers[k] === 1) {
      cells += `${start}><v>${text}</v></c>`;
      next = i + 1;
      continue;
    }
    if (text === '') {
      // A column's text for an empty field (SheetColumn.blank), else no cell.
      text = blanks[i] ?? '';
      if (text === '') continue;
    }
    cells += plainText(text) ? `${start} t="inlineStr"><is><t>${text}</t></is></c>` : textCell(start, sheetText(text));
    next = i + 1;
  }
  return `<row r="${rowNumber}">${cells}</row>`;
}

/** A text cell opened by `start` (`<c`, with its reference or without). */
function textCell(start: string, text: string): string {
  const space = EDGE_SPACE.test(text) ? ' xml:space="preserve"' : '';
  return `${start} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

/** Text whose spaces at either end a reader would trim unless told to keep them. */
const EDGE_SPACE = /^\s|\s$/;

/**
 * Text written as it is: nothing to escape, and neither a formula's start nor a space at either end (checked by
 * character code; most cells are dates, numbers as text and Chinese names).
 */
function plainText(text: string): boolean {
  return ordinaryEdge(text.charCodeAt(0)) && ordinaryEdge(text.charCodeAt(text.length - 1)) && !NEEDS_ESCAPE.test(text);
}

/** Not a space, control or formula character (`= + - @`), nor a Unicode space `\s` matches. */
const ordinaryEdge = (code: number) =>
  code > 0x40
    ? code < 0x80 || (code > 0xa0 && code !== 0x1680 && (code < 0x2000 || code > 0x3000) && code !== 0xfeff)
    : code > 0x20 && code !== 0x3d && code !== 0x2b && code !== 0x2d && code !== 0x40;

/**
 * Rows' text encoded straight into buffers of PART_BYTES, each handed on when the next row would not fit: UTF-8
 * row by row is 2½ times faster than joining a part's rows first (a long string of many pieces is flattened, then
 * encoded), and a part is compressed before it could outlive a young collection.
 */
class PartWriter {
  private buffer = Buffer.allocUnsafe(PART_BYTES);
  private used = 0;

  /** Writes a row's text; answers the part it filled when the row did not fit after it, else null. */
  add(text: string): Buffer | null {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const most = text.length * 3;
    const full = this.used + most > this.buffer.length ? this.take(most) : null;
    this.used += this.buffer.write(text, this.used, 'utf8');
    return full;
  }

  /** The part written so far (null when empty); the next goes to a new buffer with room for `room` bytes. */
  take(room = 0): Buffer | null {
    const full = this.used > 0 ? this.buffer.subarray(0, this.used) : null;
    // The compressor may still hold the part: never written again.
    if (full || room > this.buffer.length) this.buffer = Buffer.allocUnsafe(Math.max(PART_BYTES, room));
    this.used = 0;
    return full;
  }
}

/**
 * One sheet's SpreadsheetML, a part at a time, from its batches of rows; at most `maxRows` rows are written (rows
 * stored after the export's count are left out beyond the cap). `counted.rows` holds the rows written so far.
 */
export async function* sheetXml(
  layout: SheetLayout,
  batches: AsyncIterable<PackedRows>,
  maxRows: number,
  counted: { rows: number },
): AsyncIterable<string | Buffer> {
  const cellStarts = layout.columns.map((_, i) => `<c r="${columnName(i)}`);
  const blanks = layout.columns.map((c) => c.blank);
  let written = 0;
  const cols = layout.widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  yield `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
  yield rowXml(packRows([layout.columns.map((c) => c.title)], cellStarts.length), 0, 1, cellStarts);
  const part = new PartWriter();
  for await (const batch of batches) {
    const take = Math.min(batch.rows, maxRows - written);
    for (let i = 0; i < take; i += 1) {
      const full = part.add(rowXml(batch, i, written + i + 2, cellStarts, blanks));
      if (full) yield full;
    }
    written += take;
    counted.rows = written;
    if (written >= maxRows) break;
  }
  const last = part.take();
  if (last) yield last;
  yield '</sheetData></worksheet>';
}
