import type { Envelope } from '@guard-tour/contract';
import { answerSlab } from '../bytes/utf8-slab.js';

/** The success reply. Handlers return `ok(data)` or `ok(rows, total)`; refusals are thrown AppErrors. */
export function ok<T>(data: T, total?: number): Envelope<T> {
  return total === undefined ? { code: 200, msg: '成功', data } : { code: 200, msg: '成功', data, total };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}

const OK_HEAD = Buffer.from('{"code":200,"msg":"成功","data":', 'utf8');

/** `ok(rows, total)` as its JSON bytes, around rows already written as a JSON array (`WrittenPage`). */
export function okBytes(rows: Buffer, total: number): Buffer {
  return answerSlab.concat([OK_HEAD, rows, Buffer.from(`,"total":${total}}`, 'latin1')]);
}
