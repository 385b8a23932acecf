import { z } from 'zod';
import type { Page } from './common.js';
import type { PermissionRule } from './permissions.js';

/**
 * One entry of the call table: everything both sides need to know of a call, written once. The server registers
 * its route from the entry (path, validation, response schema, OpenAPI) and the client (packages/client) is typed from it.
 *
 * - `data`: the reply is the envelope `{code, msg, data}` with `data` as `output` says.
 * - `list`: the envelope's `data` is an array of `output` rows and `total` the full count.
 * - `file`: the reply is a file (a download), or an envelope when there is none.
 * - `raw`: the reply is `output` itself, without the envelope (the upload's own shape, spec section 7).
 */
export type Method = 'GET' | 'POST';

/** Who may call: an account's bearer token, anybody (login, file links), or a terminal's upload key. */
export type AuthKind = 'bearer' | 'public' | 'device';

export type CallKind = 'data' | 'list' | 'file' | 'raw';

export interface Call<
  K extends CallKind = CallKind,
  I extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodType = z.ZodType,
  A extends AuthKind = AuthKind,
> {
  kind: K;
  method: Method;
  /** Under `/proxyserver`, as clients send it: `/api/DeviceInfo/SaveDeviceInfo`. */
  path: string;
  /** The body (POST) or the query string (GET); absent when the call takes nothing. */
  input: I;
  /** The reply's `data` (a row of a list), the raw reply, or the file's description. */
  output: O;
  auth: A;
  /**
   * What a bearer call needs of the caller's role (ROLES.md): a key, any one of several, or only a live session.
   * Absent on public and terminal calls; `area` refuses a bearer call without one.
   */
  permission?: PermissionRule;
  /** OpenAPI: one line saying what the call does, and its area. */
  summary: string;
  tags: string[];
  /** The mime type of a `file` call's download. */
  fileType?: string;
}

interface CallOptions<I extends z.ZodType | undefined, A extends AuthKind> {
  summary: string;
  input?: I;
  auth?: A;
  /** Required on bearer calls (the default auth): see `Call.permission`. */
  permission?: PermissionRule;
}

type Entry<K extends CallKind, I, O extends z.ZodType, A extends AuthKind> = Call<
  K,
  I extends z.ZodType ? I : undefined,
  O,
  A
>;

function entry<K extends CallKind, I extends z.ZodType | undefined, O extends z.ZodType, A extends AuthKind>(
  kind: K,
  method: Method,
  path: string,
  output: O,
  options: CallOptions<I, A>,
): Entry<K, I, O, A> {
  return {
    kind,
    method,
    path,
    input: options.input as I extends z.ZodType ? I : undefined,
    output,
    auth: options.auth ?? ('bearer' as A),
    ...(options.permission === undefined ? {} : { permission: options.permission }),
    summary: options.summary,
    tags: [],
  };
}

/** A call answering one value in the envelope's `data`. */
export function call<
  I extends z.ZodType | undefined = undefined,
  O extends z.ZodType = z.ZodType,
  A extends AuthKind = 'bearer',
>(method: Method, path: string, options: CallOptions<I, A> & { output: O }): NoInfer<Entry<'data', I, O, A>> {
  return entry('data', method, path, options.output, options);
}

/** A paged list: `data` holds the page's rows, `total` the full count. */
export function list<
  I extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends AuthKind = 'bearer',
>(method: Method, path: string, options: CallOptions<I, A> & { row: R }): NoInfer<Entry<'list', I, R, A>> {
  return entry('list', method, path, options.row, options);
}

/** A download: the file's bytes, or the envelope with the reason when there is no such file. */
export function file<I extends z.ZodType | undefined = undefined, A extends AuthKind = 'bearer'>(
  method: Method,
  path: string,
  options: CallOptions<I, A> & { fileType: string },
): NoInfer<Entry<'file', I, typeof fileBytes, A>> {
  return { ...entry('file', method, path, fileBytes, options), fileType: options.fileType };
}

/** A call answering in its own shape, without the envelope. */
export function raw<
  I extends z.ZodType | undefined = undefined,
  O extends z.ZodType = z.ZodType,
  A extends AuthKind = 'bearer',
>(method: Method, path: string, options: CallOptions<I, A> & { output: O }): NoInfer<Entry<'raw', I, O, A>> {
  return entry('raw', method, path, options.output, options);
}

/** What a `file` call's reply is, for OpenAPI. */
export const fileBytes = z.string().meta({ format: 'binary', description: '文件内容' });

/** A call that answers `data: null` on success. */
export const done = z.null();

/**
 * The calls of one area, each tagged with the area's name for OpenAPI. A bearer call without a permission is
 * refused here, when the table is built: nothing is registered that no role check guards.
 */
export function area<T extends Record<string, Call>>(tag: string, calls: T): T {
  for (const [name, one] of Object.entries(calls)) {
    if (one.auth === 'bearer' && one.permission === undefined) {
      throw new Error(`call ${name} (${one.path}) names no permission`);
    }
    if (one.auth !== 'bearer' && one.permission !== undefined) {
      throw new Error(`call ${name} (${one.path}) is not an account's call and cannot need a permission`);
    }
    one.tags = [tag];
  }
  return calls;
}

export type CallTable = Record<string, Record<string, Call>>;

/** What a call takes on the wire (a body or a query string); `undefined` when it takes nothing. */
export type InputOf<C extends Call> = C['input'] extends z.ZodType ? z.input<C['input']> : undefined;
/** What a call's input is after the schema has checked it (what the server's handler gets). */
export type ParsedInputOf<C extends Call> = C['input'] extends z.ZodType ? z.output<C['input']> : undefined;
/** A call's answer as its caller reads it: the envelope's data, a page of rows, or the raw reply. */
export type AnswerOf<C extends Call> = C['kind'] extends 'list' ? Page<z.output<C['output']>> : z.output<C['output']>;

/** The reply's envelope around a call's output (what the server serialises and OpenAPI describes). */
export function replySchema(one: Call): z.ZodType {
  if (one.kind === 'raw') return one.output;
  if (one.kind === 'list') {
    return z.object({ code: z.number(), msg: z.string(), data: z.array(one.output), total: z.number() });
  }
  return z.object({ code: z.number(), msg: z.string(), data: one.output, total: z.number().optional() });
}
