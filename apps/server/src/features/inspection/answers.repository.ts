import { sql } from 'drizzle-orm';
import type { AnswerRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { hold, patrolCard, punch, punchAnswer } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';
import type { StoredAnswer } from '../../domain/inspection-answers.js';
import { itemsOf } from './checklist.repository.js';

/** The checklists (with their live items) of live points by card number (upper case). */
export async function checklistsByCard(q: Queryable, sns: readonly string[]) {
  if (sns.length === 0) return new Map<string, Awaited<ReturnType<typeof itemsOf>>>();
  const cards = await queryRows<{ patrol_sn: string; checklist_id: number }>(
    q,
    sql`select upper(patrol_sn) as patrol_sn, checklist_id from ${patrolCard}
      where deleted_at is null and checklist_id is not null and upper(patrol_sn) = any(${sql.param([...sns])}::text[])`,
  );
  const items = await itemsOf(q, [...new Set(cards.map((c) => c.checklist_id))]);
  return new Map(cards.map((c) => [c.patrol_sn, items.filter((i) => i.checklist_id === c.checklist_id)]));
}

export interface StoredPunchRef {
  punch_id: number;
  patrol_sn: string;
  punch_time: string;
  patrol_id: number | null;
  patrol_name: string;
  hold_id: number;
  photo_ids: number[];
}

/** The stored punches of a device by (card, time): their ids and what a hazard copies. */
export async function punchRefs(
  q: Queryable,
  deviceNo: string,
  keys: readonly { patrol_sn: string; punch_time: string }[],
): Promise<StoredPunchRef[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<StoredPunchRef & { punch_id: number | string }>(
    q,
    sql`
    select p.punch_id, p.patrol_sn, p.punch_time, p.patrol_id, p.patrol_name, p.hold_id, p.photo_ids::int[] as photo_ids
    from ${punch} p
    join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(patrol_sn text, punch_time timestamptz)
      on p.patrol_sn = k.patrol_sn and p.punch_time = k.punch_time
    where p.device_no = ${deviceNo}`,
  );
  return rows.map((row) => ({
    ...row,
    punch_id: Number(row.punch_id),
    punch_time: new Date(row.punch_time).toISOString(),
  }));
}

export async function insertAnswers(
  q: Queryable,
  rows: (StoredAnswer & {
    punch_id: number;
    device_no: string;
    patrol_sn: string;
    punch_time: string;
    hold_id: number;
  })[],
): Promise<void> {
  if (rows.length === 0) return;
  await q.execute(sql`
    insert into ${punchAnswer} (punch_id, device_no, patrol_sn, punch_time, hold_id, item_id, position, item_text, kind,
      unit, min, max, options, value, option, photo_ids, abnormal)
    select punch_id, device_no, patrol_sn, punch_time, hold_id, item_id, position, item_text, kind, unit, min, max,
      options, value, option, photo_ids, abnormal
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as a(punch_id bigint, device_no text, patrol_sn text,
      punch_time timestamptz, hold_id int, item_id int, position smallint, item_text text, kind smallint, unit text,
      min double precision, max double precision, options jsonb, value text, option text, photo_ids bigint[],
      abnormal boolean)`);
}

/** A punch's answers, with the path of the punch's organisation (scope). */
export async function answersOf(q: Queryable, punchId: number) {
  const rows = await queryRows<AnswerRow & { path: string; photo_ids: number[] }>(
    q,
    sql`
    select a.item_text, a.kind, a.value, a.unit, a.option, a.photo_ids::int[] as photo_ids, a.abnormal, a.min, a.max,
      h.path
    from ${punchAnswer} a join ${hold} h on h.hold_id = a.hold_id
    where a.punch_id = ${punchId}
    order by a.position, a.answer_id`,
  );
  return rows.map((row) => ({
    ...row,
    kind: Number(row.kind),
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    photo_ids: row.photo_ids.map(Number),
  }));
}
