import type { Envelope } from '@guard-tour/contract';

/** The success reply. Handlers return `ok(data)` or `ok(rows, total)`; refusals are thrown AppErrors. */
export function ok<T>(data: T, total?: number): Envelope<T> {
  return total === undefined ? { code: 200, msg: '成功', data } : { code: 200, msg: '成功', data, total };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}
