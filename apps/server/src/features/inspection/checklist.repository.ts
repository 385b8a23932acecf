import { sql } from 'drizzle-orm';
import type { ChecklistItem, ChecklistItemInput, ChecklistRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { checklist, checklistItem, hold, patrolCard } from '../../db/schema.js';
import { localTime, queryRows } from '../../db/sql.js';

type StoredRow = ChecklistRow & { path: string };

const rowColumns = (tz: string) => sql`
  c.checklist_id, c.checklist_name, c.hold_id, h.hold_name, h.path,
  (select count(*)::int from ${checklistItem} i where i.checklist_id = c.checklist_id and i.deleted_at is null)
    as item_count,
  (select count(*)::int from ${patrolCard} p where p.checklist_id = c.checklist_id and p.deleted_at is null)
    as point_count,
  ${localTime(sql`c.update_time`, tz)} as update_time`;

export async function listChecklists(
  q: Queryable,
  tz: string,
  filter: { holdIds: number[]; name: string },
  page: { limit: number; offset: number },
): Promise<{ rows: StoredRow[]; total: number }> {
  const where = sql`c.deleted_at is null and c.hold_id = any(${sql.param(filter.holdIds)}::int[])
    ${filter.name ? sql`and c.checklist_name ilike ${`%${filter.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}` : sql``}`;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from ${checklist} c where ${where}`,
  );
  const rows = await queryRows<StoredRow>(
    q,
    sql`select ${rowColumns(tz)} from ${checklist} c join ${hold} h on h.hold_id = c.hold_id
      where ${where} order by c.checklist_id desc limit ${page.limit} offset ${page.offset}`,
  );
  return { rows, total: Number(total) };
}

export async function findChecklists(q: Queryable, tz: string, ids: readonly number[]): Promise<StoredRow[]> {
  if (ids.length === 0) return [];
  return queryRows<StoredRow>(
    q,
    sql`select ${rowColumns(tz)} from ${checklist} c join ${hold} h on h.hold_id = c.hold_id
      where c.deleted_at is null and c.checklist_id = any(${sql.param([...ids])}::int[])`,
  );
}

/** The live items of templates, in order. */
export async function itemsOf(
  q: Queryable,
  ids: readonly number[],
): Promise<(ChecklistItem & { checklist_id: number })[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ChecklistItem & { checklist_id: number }>(
    q,
    sql`select item_id, checklist_id, text, kind, required, critical, unit, min, max, options
      from ${checklistItem}
      where deleted_at is null and checklist_id = any(${sql.param([...ids])}::int[])
      order by checklist_id, position, item_id`,
  );
  return rows.map((row) => ({
    ...row,
    kind: Number(row.kind),
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
  }));
}

export async function nameTaken(q: Queryable, holdId: number, name: string, exceptId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    q,
    sql`select 1 as one from ${checklist} where hold_id = ${holdId} and checklist_name = ${name}
      and deleted_at is null and checklist_id <> ${exceptId} limit 1`,
  );
  return rows.length > 0;
}

export async function insertChecklist(q: Queryable, holdId: number, name: string, now: Date): Promise<number> {
  const [row] = await q
    .insert(checklist)
    .values({ hold_id: holdId, checklist_name: name, create_time: now, update_time: now })
    .returning({ id: checklist.checklist_id });
  return row!.id;
}

export async function updateChecklist(q: Queryable, id: number, holdId: number, name: string, now: Date) {
  await q.execute(
    sql`update ${checklist} set hold_id = ${holdId}, checklist_name = ${name}, update_time = ${now}
      where checklist_id = ${id}`,
  );
}

/**
 * Writes a template's items: those naming one of its live items update it (same id), the others are new, and
 * its live items not named any more are taken out (soft-deleted; answers keep their own copy).
 */
export async function writeItems(q: Queryable, checklistId: number, items: readonly ChecklistItemInput[]) {
  const kept = items.flatMap((item) => (item.item_id ? [item.item_id] : []));
  await q.execute(
    sql`update ${checklistItem} set deleted_at = now()
      where checklist_id = ${checklistId} and deleted_at is null
        and not (item_id = any(${sql.param(kept)}::int[]))`,
  );
  for (const [position, item] of items.entries()) {
    const values = {
      position,
      text: item.text,
      kind: item.kind,
      required: item.required,
      critical: item.critical,
      unit: item.unit,
      min: item.min,
      max: item.max,
      options: item.options,
    };
    if (item.item_id) {
      await q.execute(
        sql`update ${checklistItem} set position = ${position}, text = ${item.text}, kind = ${item.kind},
          required = ${item.required}, critical = ${item.critical}, unit = ${item.unit}, min = ${item.min},
          max = ${item.max}, options = ${JSON.stringify(item.options)}::jsonb
          where item_id = ${item.item_id}`,
      );
    } else {
      await q.insert(checklistItem).values({ checklist_id: checklistId, ...values });
    }
  }
}

/** The live item ids of a template (Save may name only these). */
export async function liveItemIds(q: Queryable, checklistId: number): Promise<Set<number>> {
  const rows = await queryRows<{ item_id: number }>(
    q,
    sql`select item_id from ${checklistItem} where checklist_id = ${checklistId} and deleted_at is null`,
  );
  return new Set(rows.map((r) => Number(r.item_id)));
}

/** Points still using any of these templates, by template. */
export async function pointsUsing(q: Queryable, ids: readonly number[]) {
  return queryRows<{ checklist_id: number; patrol_name: string }>(
    q,
    sql`select checklist_id, coalesce(nullif(patrol_name, ''), patrol_sn) as patrol_name from ${patrolCard}
      where deleted_at is null and checklist_id = any(${sql.param([...ids])}::int[])`,
  );
}

export async function softDelete(q: Queryable, ids: readonly number[], now: Date) {
  await q.execute(
    sql`update ${checklist} set deleted_at = ${now}
      where deleted_at is null and checklist_id = any(${sql.param([...ids])}::int[])`,
  );
}

/** A live template with its organisation's path (a point may use its own organisation's or an ancestor's). */
export async function checklistPath(q: Queryable, id: number) {
  const [row] = await queryRows<{ checklist_id: number; checklist_name: string; path: string }>(
    q,
    sql`select c.checklist_id, c.checklist_name, h.path from ${checklist} c join ${hold} h on h.hold_id = c.hold_id
      where c.checklist_id = ${id} and c.deleted_at is null`,
  );
  return row;
}

/** The live checklists of points (those that have one). */
export async function checklistIdsOfPoints(q: Queryable, patrolIds: readonly number[]) {
  if (patrolIds.length === 0) return [];
  return queryRows<{ patrol_id: number; checklist_id: number }>(
    q,
    sql`select p.patrol_id, p.checklist_id from ${patrolCard} p
      join ${checklist} c on c.checklist_id = p.checklist_id and c.deleted_at is null
      where p.patrol_id = any(${sql.param([...patrolIds])}::int[])`,
  );
}

/** The points use this template from now on (null: none). */
export async function setPointsChecklist(q: Queryable, patrolIds: readonly number[], checklistId: number | null) {
  await q.execute(
    sql`update ${patrolCard} set checklist_id = ${checklistId}
      where patrol_id = any(${sql.param([...patrolIds])}::int[]) and deleted_at is null`,
  );
}

/** Live points by id, with their organisation (`Checklist/SetPoints`). */
export async function pointsByIds(q: Queryable, patrolIds: readonly number[]) {
  return queryRows<{ patrol_id: number; patrol_sn: string; patrol_name: string; hold_id: number }>(
    q,
    sql`select patrol_id, patrol_sn, patrol_name, hold_id from ${patrolCard}
      where patrol_id = any(${sql.param([...patrolIds])}::int[]) and deleted_at is null`,
  );
}
