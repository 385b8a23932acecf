import { z } from 'zod';

/** Business result codes carried in every reply's `code` (API.md, Transport). */
export const ResultCode = {
  ok: 200,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyAttempts: 429,
  unexpected: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** The one reply shape: `{ code, msg, data, total }`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data, total: z.number().optional() });

/** Paging input shared by every list call: PageIndex from 1, PageSize default 25, at most 200. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 25;
/** Pages beyond this one are as empty as it is (their offset would not fit the database's numbers). */
export const MAX_PAGE_INDEX = 1_000_000_000;
/** A page number from 1; anything else is page 1, and a page beyond MAX_PAGE_INDEX is that (empty) page. */
export const pageIndex = z.coerce
  .number()
  .int()
  .min(1)
  .transform((n) => Math.min(n, MAX_PAGE_INDEX));
export const pagingSchema = z.object({
  PageIndex: pageIndex.catch(1).default(1),
  PageSize: z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .catch(DEFAULT_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
});
/** Paging as the server reads it: the contract's `internal` names `PageIndex` page and `PageSize` pageSize. */
export interface Paging {
  page: number;
  pageSize: number;
}
