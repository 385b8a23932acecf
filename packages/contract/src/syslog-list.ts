import { z } from 'zod';
import { internal, keyword, optionalHoldId } from './common.js';
import { pagingSchema } from './envelope.js';

export const sysLogListInput = internal(
  pagingSchema.extend({
    /** `[1]` lists login logs; `[]` (or absent) every other type. */
    logType: z
      .preprocess(
        (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
        z.array(z.coerce.number().int()),
      )
      .default([]),
    key: keyword,
    HoldID: optionalHoldId,
  }),
);

export const sysLogRow = z.object({
  log_id: z.number(),
  log_type: z.number(),
  log_type_text: z.string(),
  user_name: z.string(),
  true_name: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  device_no: z.string(),
  log_content: z.string(),
  create_date: z.string(),
  ip: z.string(),
});
export type SysLogRow = z.infer<typeof sysLogRow>;
