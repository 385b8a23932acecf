import type { Envelope } from '@guard-tour/contract';
import type { WrittenArray } from '../db/json-rows.js';

/** The success reply. Handlers return `ok(data)` or `ok(rows, total)`; refusals are thrown AppErrors. */
export function ok<T>(data: T, total?: number): Envelope<T> {
  return total === undefined ? { code: 200, msg: '成功', data } : { code: 200, msg: '成功', data, total };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}

/** The media type of every JSON answer and of the webhooks' deliveries. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** `ok(…)`'s text up to its data, taken from `ok` itself. */
const OK_HEAD = Buffer.from(JSON.stringify(ok(null)).slice(0, -'null}'.length), 'utf8');

/** `ok(rows, total)` as its JSON bytes, around rows already written as a JSON array (`WrittenPage`). */
export function okBytes(rows: WrittenArray, total: number): Buffer {
  return rows.framed(OK_HEAD, Buffer.from(`,"total":${total}}`, 'latin1'));
}
