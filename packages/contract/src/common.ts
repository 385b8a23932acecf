import { z } from 'zod';

/** A true/false flag that also accepts 1/0 and 'true'/'false' (query strings and older clients). */
export const flag = z.preprocess((value) => {
  if (typeof value === 'string') return !['false', '0', ''].includes(value.trim().toLowerCase());
  if (typeof value === 'number') return value !== 0;
  return value;
}, z.boolean());

/** An optional include-children flag: true unless the caller says otherwise. */
export const includeChildren = flag.optional().default(true);

/** The largest id a row can have (a PostgreSQL `integer`): a larger number names nothing and is refused. */
export const MAX_ID = 2_147_483_647;

/** A whole number from `min` (1) to MAX_ID, sent as number or numeric text, with the field's own message. */
export const idNumber = (message?: string, min = 1) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(min, message)
    .max(MAX_ID, message);

/** An id: a positive integer, sent as number or numeric text. */
export const id = idNumber();

/** An optional organisation id; absent, null, 0 or '' means the caller's own organisation. */
export const optionalHoldId = z.preprocess(
  (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value),
  idNumber('组织ID不正确').optional(),
);

/**
 * The spellings the wire uses (API.md) for the organisation, the include-children flag and paging, each with the
 * one name the server reads it by. A call keeps its own spelling on the wire; past the edge there is only this one.
 */
const INTERNAL_NAMES = {
  HoldID: 'holdId',
  hold_id: 'holdId',
  holdId: 'holdId',
  ContainChildren: 'includeChildren',
  containChildren: 'includeChildren',
  include_children: 'includeChildren',
  PageIndex: 'page',
  PageSize: 'pageSize',
} as const;
type WireName = keyof typeof INTERNAL_NAMES;

/** A checked input with its wire spellings of organisation, children flag and paging under their internal names. */
export type Internal<T> = { [K in keyof T as K extends WireName ? (typeof INTERNAL_NAMES)[K] : K]: T[K] };

/**
 * Reads a call's checked wire input into the one internal shape (`holdId`, `includeChildren`, `page`,
 * `pageSize`), whichever spelling the call takes (`HoldID` / `hold_id`, `ContainChildren` / `include_children`,
 * `PageIndex` / `PageSize`). Only the output is renamed: what the call accepts, and what OpenAPI says of it
 * (the input side), stay exactly the wire's.
 */
export function internal<S extends z.ZodType<object>>(schema: S) {
  // Two wire fields of one name inside (`HoldID` and `hold_id`) would overwrite each other: refused when the
  // contract is loaded, as `area` refuses a call without a permission.
  const names = wireFieldsOf(schema).map(internalName);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`an input names ${twice} twice on the wire`);
  const reader = schema.transform((value) => {
    const renamed: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) renamed[internalName(key)] = field;
    return renamed as Internal<z.output<S>>;
  });
  readers.add(reader);
  return reader as typeof reader & ReadsInternalShape;
}

declare const readsInternal: unique symbol;
/** The type of a schema `internal` made: its callers (the client) take the internal shape (`Internal<z.input<S>>`). */
export interface ReadsInternalShape {
  readonly [readsInternal]: true;
}

/**
 * What a caller of the client hands a call checked by `S`: the internal shape when `S` reads it (`internal`), else the
 * wire input itself. The client writes it back to the call's wire spellings (`wireNamesOf`).
 */
export type CallerInput<S extends z.ZodType> = S extends ReadsInternalShape ? Internal<z.input<S>> : z.input<S>;

/** The field names of the object a schema checks on the wire: the schema itself, or the one its pipes begin with. */
function wireFieldsOf(schema: z.ZodType): string[] {
  let wire: z.ZodType = schema;
  while (wire instanceof z.ZodPipe) wire = wire.in as z.ZodType;
  return wire instanceof z.ZodObject ? Object.keys(wire.shape) : [];
}

/**
 * The way back for a schema `internal` made: each internal name (`holdId`, `page`, …) with the spelling this call's
 * wire uses (`HoldID`, `PageIndex`, …). The client writes its callers' internal shape back with it before sending.
 */
export function wireNamesOf(schema: z.ZodType): Readonly<Record<string, string>> {
  if (!readsInternalShape(schema)) return {};
  return Object.fromEntries(
    wireFieldsOf(schema)
      .filter((name) => internalName(name) !== name)
      .map((name) => [internalName(name), name]),
  );
}

function internalName(key: string): string {
  return Object.hasOwn(INTERNAL_NAMES, key) ? INTERNAL_NAMES[key as WireName] : key;
}

const readers = new WeakSet<z.ZodType>();

/** Whether a schema reads its wire input into the internal shape (`internal`): the contract's tests ask. */
export function readsInternalShape(schema: z.ZodType): boolean {
  return readers.has(schema);
}

/** The wire's spellings `internal` renames (the contract's tests look for them in the call table). */
export const WIRE_SPELLINGS = Object.keys(INTERNAL_NAMES).filter((name) => name !== INTERNAL_NAMES[name as WireName]);

/** Id lists (`hold_ids`, `user_ids`, …) arrive as a JSON array of numbers or as comma-separated text. */
export const idList = (message: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : typeof value === 'number'
          ? [value]
          : value,
    z.array(idNumber(message), { error: message }).min(1, message).max(1000, '一次最多处理 1000 条'),
  );

/** PostgreSQL text cannot hold NUL (U+0000): text carrying one is refused with the field's message. */
export const withoutNul = (value: string): boolean => !value.includes('\u0000');

/**
 * A real calendar day `YYYY-MM-DD` of the years 1900–2999: a day more or less stays a date the database and the
 * screens can read.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const day = new Date(`${value}T00:00:00Z`);
  return year >= 1900 && year <= 2999 && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Optional text trimmed, with a length cap; absent means ''. */
export const text = (max: number, label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .refine(withoutNul, `${label}包含不允许的字符`)
    .nullish()
    .transform((value) => value ?? '');

/** A keyword filter: trimmed, '' when absent. */
export const keyword = text(100, '关键字');

/** An id field of a save call: 0, absent or null means "new". */
export const saveId = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? 0 : value),
  idNumber('数据异常，无法保存！', 0),
);

/** A page of rows with the full count. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** The organisation of a save call (`hold_id`): at least 1, else the spec's 数据异常，无法保存！ */
export const saveHoldId = idNumber('数据异常，无法保存！');

/** A list's `search_type`: one of the screen's types, any letter case; absent or '' means the first. */
export const searchType = <const T extends readonly [string, ...string[]]>(types: T) =>
  z.preprocess(
    // Only text and numbers are read as a type: anything else (an object whose `toString` is not a function, found
    // by the bad-input property tests) is left for the enum to refuse, never converted.
    (value) =>
      value === '' || value === null || value === undefined
        ? types[0]
        : typeof value === 'string' || typeof value === 'number'
          ? String(value).toLowerCase()
          : value,
    z.enum(types, { error: '查询类型不正确' }),
  );

/**
 * Device numbers (IMEI/SN) and card numbers (API.md): 1–32 letters, digits, '-' and '_', stored in upper case
 * and compared without regard to case. The server's rule is `domain/serial-number.ts`; forms may check early.
 */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** What a save call answers: the id of the row it created or changed, under the call's own field name. */
export const savedId = <const K extends string>(field: K) =>
  z.object({ [field]: z.number() } as { [P in K]: z.ZodNumber });
