import type { EventRow } from '@guard-tour/contract';
import { api } from '@guard-tour/client/api';
import type { Paged } from '@guard-tour/client/browser';
import type { ListParams } from '../../components/paging';
import { eventListBody } from './event-filters';

/** An event row and its key: a punch is one per device, card and time (the upload is idempotent on them). */
export type EventItem = EventRow & { row_key: string };

/** 事件记录 (`Event/List`): one page of punches with a note or photos, newest first. */
export async function listEvents(params: ListParams, signal?: AbortSignal): Promise<Paged<EventItem>> {
  const page = await api.guardApp.listEvents(eventListBody(params), { signal });
  return {
    total: page.total,
    rows: page.rows.map((row) => ({ ...row, row_key: `${row.device_no}|${row.patrol_sn}|${row.punch_time}` })),
  };
}
