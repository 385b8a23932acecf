import { describe, expect, it } from 'vitest';
import { sheetText } from './export-cell.js';

describe('export cell text', () => {
  it('keeps formula-looking text as text with a leading quote', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x")']) {
      expect(sheetText(text)).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text alone, also with those characters further in', () => {
    for (const text of ['东门', '2026-11-20 08:31:05', 'A-1', 'a=b', ' =1', '', "'=1"]) {
      expect(sheetText(text)).toBe(text);
    }
  });
});
