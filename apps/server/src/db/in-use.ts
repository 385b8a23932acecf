import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './client.js';
import { conflict } from '../errors.js';
import { idArray, queryRows } from './sql.js';

/**
 * "Cannot delete, still used by …" (DOMAIN.md, Deleting): for each kind of object, the live things that
 * refer to it. Each query gets the ids being deleted and answers `(id, user)` pairs naming the users.
 * Later areas add their references here (a point used by a road, a device bound to a task, …).
 */
export type ObjectKind = 'hold' | 'account' | 'device' | 'card' | 'road';

interface Reference {
  /** What the users are, in the message: 下级组织, 账号, 巡检路线, … */
  label: string;
  query: (ids: number[]) => SQL;
}

const references: Record<ObjectKind, Reference[]> = {
  hold: [
    {
      label: '下级组织',
      query: (ids) => sql`select parent_hold_id as id, hold_name as user from hold
        where parent_hold_id = any(${idArray(ids)}) and deleted_at is null`,
    },
    {
      label: '账号',
      query: (ids) => sql`select hold_id as id, user_name as user from account
        where hold_id = any(${idArray(ids)}) and deleted_at is null and not hold_admin`,
    },
    {
      label: '设备',
      query: (ids) => sql`select hold_id as id, device_no as user from device
        where hold_id = any(${idArray(ids)}) and deleted_at is null`,
    },
    {
      label: '巡检点',
      query: (ids) => sql`select hold_id as id, coalesce(nullif(patrol_name, ''), patrol_sn) as user from patrol_card
        where hold_id = any(${idArray(ids)}) and deleted_at is null`,
    },
  ],
  account: [
    {
      label: '巡检路线',
      query: (ids) => sql`select ra.user_id as id, r.road_name as user from road_account ra
        join road r on r.road_id = ra.road_id and r.deleted_at is null where ra.user_id = any(${idArray(ids)})`,
    },
  ],
  device: [
    {
      label: '巡检任务',
      query: (ids) => sql`select object_id as id, task_name as user from task
        where object_id = any(${idArray(ids)}) and deleted_at is null`,
    },
  ],
  card: [
    {
      label: '巡检路线',
      query: (ids) => sql`select rc.patrol_id as id, r.road_name as user from road_card rc
        join road r on r.road_id = rc.road_id and r.deleted_at is null where rc.patrol_id = any(${idArray(ids)})`,
    },
  ],
  road: [
    {
      label: '巡检任务',
      query: (ids) => sql`select road_id as id, task_name as user from task
        where road_id = any(${idArray(ids)}) and deleted_at is null`,
    },
  ],
};

const NAMES_SHOWN = 5;

function listNames(names: string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join('、');
  return names.length > NAMES_SHOWN ? `${shown} 等 ${names.length} 个` : shown;
}

/**
 * Refuses (409) when any of the objects is still used, naming each object and what uses it.
 * `objects` maps id → the object's name for the message.
 */
export async function assertNotInUse(q: Queryable, kind: ObjectKind, objects: Map<number, string>): Promise<void> {
  const ids = [...objects.keys()];
  if (ids.length === 0) return;
  const problems: string[] = [];
  for (const reference of references[kind]) {
    const rows = await queryRows<{ id: number; user: string }>(q, reference.query(ids));
    for (const [objectId, name] of objects) {
      const users = rows.filter((row) => Number(row.id) === objectId).map((row) => row.user);
      if (users.length > 0) problems.push(`「${name}」仍有${reference.label}：${listNames(users)}`);
    }
  }
  if (problems.length > 0) throw conflict(`无法删除，${problems.join('；')}`);
}
