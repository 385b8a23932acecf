import {
  DEFAULT_PAGE_SIZE,
  recordMessages,
  type CardTotalRow,
  type Page,
  type PunchRow,
  type Paging,
  type PunchSearchType,
  type TimeRangeCode,
  type cardTotalsInput,
  type punchExportInput,
  type punchListInput,
  type recordExportInput,
  type recordListInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { readerOf } from '../../db/client.js';
import { pageWindow } from '../../db/sql.js';
import { querySpan, type Span } from '../../domain/time-range.js';
import { invalid } from '../../errors.js';
import type { Scope } from '../scope.js';
import * as cardTotalsRepo from './card-totals.repository.js';
import * as repo from './record.repository.js';

export type PunchFilterInput = z.output<typeof punchExportInput>;
export type RecordFilterInput = z.output<typeof recordExportInput>;

/** Without paging, 巡检点统计 answers at most this many rows (`total` still counts them all). */
export const MAX_UNPAGED_TOTALS = 10_000;

export const SEARCH_FIELDS: Record<PunchSearchType, { fields: repo.PunchTextField[]; label: string }> = {
  card_no: { fields: ['patrol_sn', 'patrol_name'], label: '卡号/巡检点' },
  device_no: { fields: ['device_no', 'object_name'], label: '设备号/设备名称' },
  account: { fields: ['user_name', 'true_name'], label: '账号/姓名' },
};

function spanOf(ctx: AppContext, range: TimeRangeCode, startDate = '', endDate = ''): Span {
  const span = querySpan({ range, startDate, endDate }, ctx.now(), ctx.config.tzName);
  if (span.from && span.to && span.from.getTime() >= span.to.getTime()) throw invalid(recordMessages.startAfterEnd);
  return span;
}

/** 打卡数据, 设备统计, 人员统计: a period and one keyword of the chosen search type. */
export function punchFilter(ctx: AppContext, holdIds: number[], input: PunchFilterInput): repo.PunchFilter {
  return {
    holdIds,
    span: spanOf(ctx, input.time_range),
    keys: [{ fields: SEARCH_FIELDS[input.search_type].fields, key: input.key }],
    flaggedOnly: input.flagged_only,
  };
}

/** 巡检记录, 巡检点统计: a period or explicit dates, and a keyword per field. */
export function recordFilter(ctx: AppContext, holdIds: number[], input: RecordFilterInput): repo.PunchFilter {
  return {
    holdIds,
    span: spanOf(ctx, input.time_limits, input.start_time, input.end_time),
    keys: [
      { fields: ['patrol_sn'], key: input.patrol_card_no },
      { fields: ['patrol_name'], key: input.patrol_card_name },
      { fields: ['device_no'], key: input.device_sn },
      { fields: ['object_name'], key: input.device_name },
    ],
    flaggedOnly: input.flagged_only,
  };
}

/** Punch rows of 打卡数据 (`GetPatrolClockInList`) and of 设备统计 / 人员统计 (`PatrolLog/List`). */
export async function listPunches(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof punchListInput>,
): Promise<Page<PunchRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  return repo.listPunches(ctx.db, ctx.config.tzName, punchFilter(ctx, holdIds, input), pageWindow(input));
}

/** The punches of a span in these organisations, newest first (the dashboard's today): the lists' one statement. */
export function punchesIn(ctx: AppContext, holdIds: number[], span: Span, paging: Paging): Promise<Page<PunchRow>> {
  return repo.listPunches(ctx.db, ctx.config.tzName, { holdIds, span, keys: [] }, pageWindow(paging));
}

/** Punch rows of 巡检记录 (`PatrolData/Records`). */
export async function listRecords(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof recordListInput>,
): Promise<Page<PunchRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  return repo.listPunches(ctx.db, ctx.config.tzName, recordFilter(ctx, holdIds, input), pageWindow(input));
}

/** 巡检点统计 (`TotalByPatrolCard`): punches per card per day, one page, or all (up to a limit) without paging. */
export async function cardTotals(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof cardTotalsInput>,
): Promise<Page<CardTotalRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const filter = recordFilter(ctx, holdIds, input);
  const tz = ctx.config.tzName;
  const paged = input.page !== undefined || input.pageSize !== undefined;
  const page = paged
    ? pageWindow({ page: input.page ?? 1, pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE })
    : { limit: MAX_UNPAGED_TOTALS, offset: 0 };
  // Statistics read from the standby when DATABASE_READ_URL names one.
  const db = readerOf(ctx.db);
  const { rows, total } = await cardTotalsRepo.listCardTotals(db, tz, filter, page);
  // Past the last page the rows carry no count: count on its own.
  return { rows, total: total ?? (page.offset > 0 ? await cardTotalsRepo.countCardTotals(db, tz, filter) : 0) };
}
