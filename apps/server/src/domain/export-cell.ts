/** Text an export writes into a spreadsheet cell (DOMAIN.md, Exports; QUALITY.md R6). Pure. */

/** What a spreadsheet may take as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Cell text that could run as a formula gets a leading `'`, so that it always stays text. */
export function sheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
