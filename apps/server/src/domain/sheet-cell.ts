/** A spreadsheet cell as the reader hands it over (SheetJS's type letter, raw value and formatted text). */
export interface RawCell {
  /** n number, s text, b boolean, d date, e error, z blank. */
  t: string;
  v?: unknown;
  w?: string;
}

export interface CellText {
  text: string;
  /** The cell held a number longer than 15 digits: the spreadsheet rounded it before it was saved. */
  rounded: boolean;
}

/** Spreadsheets keep 15 significant digits: an integer below 10^15 is exact, anything longer is not. */
const EXACT_LIMIT = 1e15;
const NUMBER_LOOK = /^\s*[-+]?[\d,]*(\.\d*)?(E[-+]?\d+)?\s*$/i;

/**
 * The text of a cell (DOMAIN.md, Imports). Formulas arrive as their cached values. Number columns (IMEI/SN,
 * SIM, ICCID) read a numeric cell of up to 15 digits as its exact digits (865000000000101, never 8.65E+14) and
 * flag a longer one as rounded. Text columns read a number typed as such the same way, and anything the
 * spreadsheet formats (dates, percentages) as it shows it.
 */
export function cellText(cell: RawCell | null | undefined, kind: 'number' | 'text'): CellText {
  if (!cell || cell.v === undefined || cell.v === null) return { text: '', rounded: false };
  const { t, v, w } = cell;
  if (t === 'e') return { text: '', rounded: false };
  if (t === 'n' && typeof v === 'number') {
    if (!Number.isFinite(v)) return { text: '', rounded: false };
    const integer = Number.isInteger(v);
    if (kind === 'number') {
      if (integer && Math.abs(v) >= EXACT_LIMIT) return { text: '', rounded: true };
      return { text: String(v), rounded: false };
    }
    if (integer && Math.abs(v) < EXACT_LIMIT && (w === undefined || NUMBER_LOOK.test(w))) {
      return { text: String(v), rounded: false };
    }
    return { text: w ?? String(v), rounded: false };
  }
  if (t === 'b') return { text: w ?? (v ? 'TRUE' : 'FALSE'), rounded: false };
  if (typeof v === 'string') return { text: v, rounded: false };
  return { text: w ?? String(v), rounded: false };
}
