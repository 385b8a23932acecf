import type { CardTotalRow } from '@guard-tour/contract';
import { api } from '@guard-tour/client/api';
import type { Paged } from '@guard-tour/client/browser';
import { exportFileName } from '../../components/export-file';
import type { ListParams } from '../../components/paging';
import {
  cardTotalsExportBody,
  cardTotalsListBody,
  punchExportBody,
  punchListBody,
  recordExportBody,
  recordListBody,
  type PunchScreen,
} from './record-filters';

/** The calls of the punch screens: 打卡数据 has its own, 设备统计 and 人员统计 share `PatrolLog`'s. */
const PUNCH_CALLS = {
  clockIn: { list: api.record.listClockIn, export: api.record.exportClockIn },
  device: { list: api.record.listPatrolLog, export: api.record.exportPatrolLog },
  user: { list: api.record.listPatrolLog, export: api.record.exportPatrolLog },
} satisfies Record<PunchScreen, unknown>;

/** 打卡数据 (`GetPatrolClockInList`), 设备统计 and 人员统计 (`PatrolLog/List`): one page of punch rows. */
export function listPunches(screen: PunchScreen) {
  return (params: ListParams, signal?: AbortSignal) =>
    PUNCH_CALLS[screen].list(punchListBody(params, screen), { signal });
}

export function exportPunches(screen: PunchScreen, params: ListParams): Promise<string> {
  return exportFileName(PUNCH_CALLS[screen].export, punchExportBody(params, screen));
}

/** 巡检记录 (`PatrolData/Records`). */
export function listRecords(params: ListParams, signal?: AbortSignal) {
  return api.record.listRecords(recordListBody(params), { signal });
}

export function exportRecords(params: ListParams): Promise<string> {
  return exportFileName(api.record.exportRecords, recordExportBody(params));
}

/** A 巡检点统计 row with a key of its own: one card on one day. */
export type CardTotalItem = CardTotalRow & { row_key: string };

/** 巡检点统计 (`PatrolData/TotalByPatrolCard`), a page at a time. */
export async function listCardTotals(params: ListParams, signal?: AbortSignal): Promise<Paged<CardTotalItem>> {
  const page = await api.record.listCardTotals(cardTotalsListBody(params), { signal });
  return {
    total: page.total,
    rows: page.rows.map((row, index) => ({ ...row, row_key: `${row.create_date}|${row.patrol_sn}|${index}` })),
  };
}

export function exportCardTotals(params: ListParams): Promise<string> {
  return exportFileName(api.record.exportCardTotals, cardTotalsExportBody(params));
}
