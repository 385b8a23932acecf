import { z } from 'zod';
import { keyword, optionalHoldId } from './common.js';
import { pagingSchema } from './envelope.js';

export const sysLogListInput = pagingSchema.extend({
  /** `[1]` lists login logs; `[]` (or absent) every other type. */
  logType: z
    .preprocess(
      (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.coerce.number().int()),
    )
    .default([]),
  key: keyword,
  HoldID: optionalHoldId,
});

export interface SysLogRow {
  log_id: number;
  log_type: number;
  log_type_text: string;
  user_name: string;
  true_name: string;
  hold_id: number;
  hold_name: string;
  device_no: string;
  log_content: string;
  create_date: string;
  ip: string;
}
