import { fc } from '@fast-check/vitest';

/**
 * Bad values for the bad-input tests (QUALITY.md R2): wrong types, 100 kB strings, SQL fragments, odd numbers.
 * None of them names a real object by accident: no text reads as a small positive number and no number is one,
 * so a mutated call never deletes or edits something the next call relies on (`true` still reads as id 1: the
 * bad-input test gives id 1 of every kind to another enterprise).
 */

const HUNDRED_KB = 100_000;

export const SQL_FRAGMENTS = [
  "' OR '1'='1",
  '1; DROP TABLE account; --',
  "') UNION SELECT password_hash FROM account --",
  "x'); SELECT pg_sleep(5); --",
  "%' AND 1=1 --",
  "'||(select version())||'",
  '\\',
  "'",
  '"',
  '$1',
] as const;

const ODD_TEXTS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '2147483648',
  '0x7fffffff',
  '１２',
  '\u202e\u0301',
  '😀'.repeat(8),
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2026-02-30',
  '2026-13-01 25:61:61',
  '0000-00-00',
  '9999-12-31 23:59:59',
  '99:99',
  '1,2,3,-4',
] as const;

/** Text that is not a list of positive numbers (`'7'` or `'1,2'` would name real rows). */
function namesNoRow(text: string): boolean {
  return text.split(',').every((part) => {
    const n = Number(part.trim());
    return part.trim() === '' || !Number.isFinite(n) || n <= 0 || !Number.isInteger(n);
  });
}

/** 100 kB of text: Latin, Chinese (three bytes a character) and a repeated SQL fragment. */
export const HUGE_TEXTS = [
  'x'.repeat(HUNDRED_KB),
  '巡'.repeat(HUNDRED_KB / 3),
  SQL_FRAGMENTS[1].repeat(HUNDRED_KB / SQL_FRAGMENTS[1].length),
] as const;

export const junkText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }).filter(namesNoRow), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).filter(namesNoRow), weight: 1 },
  { arbitrary: fc.constantFrom(...SQL_FRAGMENTS), weight: 2 },
  { arbitrary: fc.constantFrom(...ODD_TEXTS), weight: 3 },
  { arbitrary: fc.constantFrom(...HUGE_TEXTS), weight: 1 },
);

/** Numbers no row has: zero, negatives, fractions, and integers beyond a 32-bit id (and beyond exact doubles). */
export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ max: 0 }),
  fc.constantFrom(0.5, -1.5, 1e-9, 2 ** 31, 2 ** 32 + 1, 2 ** 53, 2 ** 63, 1e21, 1e300, -1e300),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n) || n <= 0 || n >= 2 ** 31),
);

const junkScalar: fc.Arbitrary<unknown> = fc.oneof(junkText, junkNumber, fc.boolean(), fc.constant(null));

/** Any wrong value: scalars of every JSON type, arrays where one thing is expected, objects where text is. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: junkScalar, weight: 6 },
  { arbitrary: fc.array(junkScalar, { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.constant(Array.from({ length: 1001 }, () => -1)), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), junkScalar, { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.constant(nested(64)), weight: 1 },
);

/**
 * Values that once broke a call (NUL, which PostgreSQL text cannot hold; ids beyond a 32-bit integer; a date whose
 * next day leaves the calendar): tried in every field of every call, so they stay fixed.
 */
export const TRAPS: readonly unknown[] = ['a\u0000b', 2 ** 31, 1e21, true, '9999-12-31', '2026-02-30', ['\u0000']];

/** Query-string values: text only, sometimes repeated (`a=1&a=2` arrives as an array). */
export const junkQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  { arbitrary: junkText, weight: 4 },
  { arbitrary: fc.array(junkText, { minLength: 2, maxLength: 3 }), weight: 1 },
);

/** Whole bodies that are JSON but not an object. */
export const NON_OBJECT_BODIES: unknown[] = [[], [{}], 'text', 42, true, null, [1, 2, 3]];

/** Bodies that are not JSON at all, or not what their content type says. */
export const NON_JSON_BODIES: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"unterminated": ' },
  { contentType: 'application/json', payload: "{'single': 'quotes'}" },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '\u0000\u0001\u0002' },
  { contentType: 'text/plain', payload: 'hold_id=1' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'hold_id=1&user_id=2' },
  { contentType: 'application/xml', payload: '<hold_id>1</hold_id>' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nbroken' },
  { contentType: 'application/octet-stream', payload: '\u00ff\u00fe' },
];

/** Raw query strings a browser would never send. */
export const ODD_QUERY_STRINGS = [
  '%ZZ',
  '%',
  '=&&=',
  'a=%00',
  '__proto__[x]=1&constructor[prototype][x]=1',
  'hold_id[]=1&hold_id[]=2',
  `x=${'y'.repeat(HUNDRED_KB)}`,
  '&&&&&&&&&&',
];

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
