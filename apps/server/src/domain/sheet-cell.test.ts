import { describe, expect, it } from 'vitest';
import { cellText } from './sheet-cell.js';

describe('reading a spreadsheet cell', () => {
  it('reads an IMEI typed as a number as its exact digits, not as the sheet shows it', () => {
    expect(cellText({ t: 'n', v: 865000000000101, w: '8.65E+14' }, 'number')).toEqual({
      text: '865000000000101',
      rounded: false,
    });
    expect(cellText({ t: 'n', v: 999999999999999, w: '1E+15' }, 'number').text).toBe('999999999999999');
    expect(cellText({ t: 'n', v: 42, w: '42' }, 'number').text).toBe('42');
  });

  it('flags a number longer than 15 digits as already rounded', () => {
    expect(cellText({ t: 'n', v: 8986011234567890000, w: '8.98601E+18' }, 'number')).toEqual({
      text: '',
      rounded: true,
    });
    expect(cellText({ t: 'n', v: 1e15 }, 'number').rounded).toBe(true);
    expect(cellText({ t: 'n', v: -1e16 }, 'number').rounded).toBe(true);
  });

  it('keeps text as typed, including long digit strings', () => {
    expect(cellText({ t: 's', v: '89860112345678901234', w: '89860112345678901234' }, 'number')).toEqual({
      text: '89860112345678901234',
      rounded: false,
    });
    expect(cellText({ t: 's', v: ' 东门 ' }, 'text').text).toBe(' 东门 ');
  });

  it('reads blanks, errors and missing cells as empty', () => {
    expect(cellText(undefined, 'number')).toEqual({ text: '', rounded: false });
    expect(cellText(null, 'text')).toEqual({ text: '', rounded: false });
    expect(cellText({ t: 'z' }, 'text')).toEqual({ text: '', rounded: false });
    expect(cellText({ t: 'e', v: 0x2a, w: '#N/A' }, 'number')).toEqual({ text: '', rounded: false });
  });

  it('shows formatted values in text columns as the sheet shows them', () => {
    expect(cellText({ t: 'n', v: 46000, w: '2025-12-09' }, 'text').text).toBe('2025-12-09');
    expect(cellText({ t: 'n', v: 0.5, w: '50%' }, 'text').text).toBe('50%');
    expect(cellText({ t: 'n', v: 1001, w: '1001' }, 'text').text).toBe('1001');
    expect(cellText({ t: 'n', v: 865000000000101, w: '8.65E+14' }, 'text').text).toBe('865000000000101');
    expect(cellText({ t: 'b', v: true, w: 'TRUE' }, 'text').text).toBe('TRUE');
  });

  it('reads a non-integer in a number column as written, so the number rule can refuse it', () => {
    expect(cellText({ t: 'n', v: 12.5, w: '12.5' }, 'number').text).toBe('12.5');
  });
});
