import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { parseSerialNumber, quoteNumber } from './serial-number.js';

describe('device and card numbers', () => {
  it('keeps letters, digits, dashes and underscores, trimmed and in upper case', () => {
    expect(parseSerialNumber(' 860000000000001 ')).toEqual({ ok: true, value: '860000000000001' });
    expect(parseSerialNumber('sn-ab_01')).toEqual({ ok: true, value: 'SN-AB_01' });
    expect(parseSerialNumber('a')).toEqual({ ok: true, value: 'A' });
    expect(parseSerialNumber('x'.repeat(32))).toEqual({ ok: true, value: 'X'.repeat(32) });
  });

  it('calls a blank number empty', () => {
    expect(parseSerialNumber('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseSerialNumber(' \t\n')).toEqual({ ok: false, reason: 'empty' });
  });

  it('calls anything else malformed', () => {
    for (const raw of ['x'.repeat(33), '86 0001', '8600.1', '卡001', 'SN/01', "1' or 1=1", '8.65E+14', 'a\u0000b']) {
      expect(parseSerialNumber(raw), raw).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('quotes at most 40 characters of a refused number', () => {
    expect(quoteNumber(' ab c ')).toBe('ab c');
    expect(quoteNumber('y'.repeat(100))).toBe(`${'y'.repeat(40)}…`);
  });
});

describe('the number rule for any input', () => {
  test.prop([fc.oneof(fc.string(), fc.stringMatching(/^\s*[A-Za-z0-9_-]{0,40}\s*$/))])(
    'accepts exactly the trimmed 1–32 letters, digits, - and _, upper-cased and stable',
    (raw) => {
      const number = parseSerialNumber(raw);
      const trimmed = raw.trim();
      expect(number.ok).toBe(/^[A-Za-z0-9_-]{1,32}$/.test(trimmed));
      if (number.ok) {
        expect(number.value).toBe(trimmed.toUpperCase());
        expect(parseSerialNumber(number.value)).toEqual(number);
      }
    },
  );
});
