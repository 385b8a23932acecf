import {
  CARD_TOTAL_COLUMNS,
  EXPORT_TITLES,
  PUNCH_COLUMNS,
  RECORD_COLUMNS,
  type CardTotalRow,
  type PunchRow,
  type SheetColumn,
} from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { readerOf } from '../../db/client.js';
import { DEFAULT_EXPORT_LIMITS, writeExport, type ExportLimits } from '../../export/export.service.js';
import { cellsOf, type SheetCells } from '../../export/sheet-writer.js';
import type { Span } from '../../domain/time-range.js';
import { localDate } from '../../domain/time.js';
import { zonedInstant } from '../../domain/zoned-time.js';
import type { Scope } from '../scope.js';
import * as cardTotalsRepo from './card-totals.repository.js';
import * as repo from './record.repository.js';
import {
  SEARCH_FIELDS,
  punchFilter,
  recordFilter,
  type PunchFilterInput,
  type RecordFilterInput,
} from './record.service.js';

/**
 * The record screens' exports (DOMAIN.md, Exports): the lists' filters, every row, one sheet, read from the standby
 * of DATABASE_READ_URL when one is set (`readerOf`).
 */

/** Column widths of the record sheets (characters); other columns are the writer's default. */
const WIDTHS: Partial<Record<keyof PunchRow | keyof CardTotalRow, number>> = {
  create_time: 20,
  upload_time: 20,
  create_date: 12,
  weekly: 7,
  create_htime: 10,
  patrol_sn: 16,
  device_no: 20,
  total_patrol_card: 10,
  flag: 10,
  lat: 12,
  lng: 12,
  distance_m: 10,
};

/** The chosen organisation and the organisations an export covers. */
async function exportScope(scope: Scope, holdId: number | undefined, includeChildren: boolean) {
  const hold = await scope.hold(holdId);
  const holdIds = await scope.holdIds(hold.hold_id, includeChildren);
  return { hold, holdIds, label: `${hold.hold_name}${includeChildren ? '及下级' : ''}` };
}

function describeSpan(span: Span, tz: string): string {
  const first = span.from ? localDate(span.from, tz) : '不限';
  const last = span.to ? localDate(new Date(span.to.getTime() - 1), tz) : '不限';
  return `${first} 至 ${last}`;
}

function describe(ctx: AppContext, label: string, filter: repo.PunchFilter, keyLabels: string[]): string {
  const keys = filter.keys.flatMap((k, i) => (k.key ? [`${keyLabels[i] ?? ''}：${k.key}`] : []));
  return [label, describeSpan(filter.span, ctx.config.tzName), ...keys].join('，');
}

/** The punches of a sheet with `columns`, newest first, a batch at a time, each row its cells. */
async function* punchBatches(
  ctx: AppContext,
  filter: repo.PunchFilter,
  columns: readonly SheetColumn<PunchRow>[],
  size: number,
): AsyncGenerator<SheetCells[]> {
  const keys = columns.map((c) => c.key);
  let after: repo.PunchCursor | null = null;
  do {
    const batch = await repo.punchBatch(readerOf(ctx.db), ctx.config.tzName, filter, keys, after, size);
    if (batch.rows.length > 0) yield batch.rows;
    after = batch.next;
  } while (after);
}

/**
 * 巡检点统计 walked a local day at a time, newest first: each step finds the latest punch before the previous
 * day and counts that whole day (one day's rows are at most the cards in scope).
 */
async function* cardTotalBatches(ctx: AppContext, filter: repo.PunchFilter): AsyncGenerator<SheetCells[]> {
  const tz = ctx.config.tzName;
  let before = filter.span.to;
  for (;;) {
    const latest = await repo.latestPunchBefore(readerOf(ctx.db), filter, before);
    if (!latest) return;
    const dayStart = zonedInstant(localDate(latest, tz), 0, tz);
    const from = filter.span.from && filter.span.from > dayStart ? filter.span.from : dayStart;
    const day = await cardTotalsRepo.listCardTotals(readerOf(ctx.db), tz, { ...filter, span: { from, to: before } });
    yield cellsOf(CARD_TOTAL_COLUMNS, day.rows);
    before = dayStart;
  }
}

/**
 * `PatrolClockIn/ExportPatrolClockInList` (打卡数据) and `PatrolLog/List_Export` (设备统计 or 人员统计, named by
 * `screen`, else by the search type): every matching punch row, newest first.
 */
export async function exportPunches(
  ctx: AppContext,
  scope: Scope,
  input: PunchFilterInput,
  screen: 'clockIn' | 'log',
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<string> {
  const { hold, holdIds, label } = await exportScope(scope, input.holdId, input.includeChildren);
  const filter = punchFilter(ctx, holdIds, input);
  const byUser = input.screen ? input.screen === 'user' : input.search_type === 'account';
  return writeExport(
    ctx,
    scope,
    {
      title: EXPORT_TITLES[screen === 'clockIn' ? 'clockIn' : byUser ? 'user' : 'device'],
      holdId: hold.hold_id,
      description: describe(ctx, label, filter, [SEARCH_FIELDS[input.search_type].label]),
      columns: PUNCH_COLUMNS,
      widths: WIDTHS,
      count: () => repo.countPunches(readerOf(ctx.db), filter),
      batches: (size) => punchBatches(ctx, filter, PUNCH_COLUMNS, size),
    },
    limits,
  );
}

const RECORD_KEY_LABELS = ['卡号', '巡检点名称', 'IMEI/SN', '设备名称'];

/** `PatrolData/ExportRecords` (巡检记录): every matching punch row, newest first. */
export async function exportRecords(
  ctx: AppContext,
  scope: Scope,
  input: RecordFilterInput,
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<string> {
  const { hold, holdIds, label } = await exportScope(scope, input.holdId, input.includeChildren);
  const filter = recordFilter(ctx, holdIds, input);
  return writeExport(
    ctx,
    scope,
    {
      title: EXPORT_TITLES.records,
      holdId: hold.hold_id,
      description: describe(ctx, label, filter, RECORD_KEY_LABELS),
      columns: RECORD_COLUMNS,
      widths: WIDTHS,
      count: () => repo.countPunches(readerOf(ctx.db), filter),
      batches: (size) => punchBatches(ctx, filter, RECORD_COLUMNS, size),
    },
    limits,
  );
}

/** `PatrolData/ExportTotalByPatrolCard` (巡检点统计): every row of the statistics, newest day first. */
export async function exportCardTotals(
  ctx: AppContext,
  scope: Scope,
  input: RecordFilterInput,
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<string> {
  const { hold, holdIds, label } = await exportScope(scope, input.holdId, input.includeChildren);
  const filter = recordFilter(ctx, holdIds, input);
  return writeExport(
    ctx,
    scope,
    {
      title: EXPORT_TITLES.cardTotals,
      holdId: hold.hold_id,
      description: describe(ctx, label, filter, RECORD_KEY_LABELS),
      columns: CARD_TOTAL_COLUMNS,
      widths: WIDTHS,
      count: () => cardTotalsRepo.countCardTotals(readerOf(ctx.db), ctx.config.tzName, filter),
      batches: () => cardTotalBatches(ctx, filter),
    },
    limits,
  );
}
