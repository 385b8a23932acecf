import { and, count, desc, eq, isNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { DeviceSearchType, Paging } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { device, hold, type NewDevice } from '../../db/schema.js';
import { contains, inIds, localTime, pageWindow, queryRows } from '../../db/sql.js';

const searchColumns: Record<DeviceSearchType, AnyColumn> = {
  device_no: device.device_no,
  object_name: device.object_name,
  imei: device.imei,
  sim: device.sim,
  iccid: device.iccid,
};

function deviceColumns(tz: string) {
  return {
    object_id: device.object_id,
    device_no: device.device_no,
    object_name: device.object_name,
    object_type: device.object_type,
    IMEI: device.imei,
    SIM: device.sim,
    ICCID: device.iccid,
    imei: sql<string>`${device.imei}`,
    sim: sql<string>`${device.sim}`,
    iccid: sql<string>`${device.iccid}`,
    hold_id: device.hold_id,
    hold_name: hold.hold_name,
    remark: device.remark,
    create_time: localTime(device.create_time, tz),
    last_upload_time: sql<string>`coalesce(${localTime(device.last_upload_time, tz)}, '')`,
  };
}

export interface DeviceFilter {
  holdIds: number[];
  searchType: DeviceSearchType;
  key: string;
}

export async function listDevices(q: Queryable, tz: string, filter: DeviceFilter, paging: Paging) {
  const where = and(
    isNull(device.deleted_at),
    inIds(device.hold_id, filter.holdIds),
    filter.key ? contains(searchColumns[filter.searchType], filter.key) : undefined,
  );
  const [{ total } = { total: 0 }] = await q.select({ total: count() }).from(device).where(where);
  const { limit, offset } = pageWindow(paging);
  const rows = await q
    .select(deviceColumns(tz))
    .from(device)
    .innerJoin(hold, eq(hold.hold_id, device.hold_id))
    .where(where)
    .orderBy(desc(device.create_time), desc(device.object_id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

export async function findDevice(q: Queryable, tz: string, objectId: number) {
  const [row] = await q
    .select(deviceColumns(tz))
    .from(device)
    .innerJoin(hold, eq(hold.hold_id, device.hold_id))
    .where(and(eq(device.object_id, objectId), isNull(device.deleted_at)));
  return row;
}

export async function findDevicesByIds(q: Queryable, objectIds: number[]) {
  return q
    .select({
      object_id: device.object_id,
      device_no: device.device_no,
      object_name: device.object_name,
      hold_id: device.hold_id,
    })
    .from(device)
    .where(and(inIds(device.object_id, objectIds), isNull(device.deleted_at)));
}

/** Whether a live device other than `exceptId` has this number (numbers are stored in upper case). */
export async function deviceNoTaken(q: Queryable, deviceNo: string, exceptId = 0): Promise<boolean> {
  const [row] = await q
    .select({ id: device.object_id })
    .from(device)
    .where(
      and(sql`upper(${device.device_no}) = ${deviceNo}`, isNull(device.deleted_at), ne(device.object_id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Which of these (upper-case) numbers live devices already have. */
export async function existingDeviceNos(q: Queryable, deviceNos: string[]): Promise<Set<string>> {
  if (deviceNos.length === 0) return new Set();
  const rows = await queryRows<{ no: string }>(
    q,
    sql`select upper(device_no) as no from device
        where upper(device_no) = any(${sql.param(deviceNos)}::text[]) and deleted_at is null`,
  );
  return new Set(rows.map((r) => r.no));
}

export async function insertDevice(
  q: Queryable,
  values: NewDevice & { hold_id: number; create_time: Date },
): Promise<number> {
  const [row] = await q.insert(device).values(values).returning({ id: device.object_id });
  return row!.id;
}

/**
 * Creates many devices in one statement (STACK.md trap 7: one `unnest` insert, not one statement per row).
 * A number taken meanwhile by another call is skipped: only the devices created are answered.
 */
export async function insertDevices(
  q: Queryable,
  holdId: number,
  rows: NewDevice[],
  now: Date,
): Promise<{ object_id: number; device_no: string }[]> {
  if (rows.length === 0) return [];
  const column = <K extends keyof NewDevice>(key: K) => sql.param(rows.map((r) => r[key]));
  return queryRows(
    q,
    sql`insert into device (hold_id, device_no, object_name, object_type, imei, sim, iccid, remark, create_time)
        select ${holdId}::int, t.device_no, t.object_name, t.object_type, t.imei, t.sim, t.iccid, t.remark,
               ${now.toISOString()}::timestamptz
        from unnest(${column('device_no')}::text[], ${column('object_name')}::text[], ${column('object_type')}::smallint[],
                    ${column('imei')}::text[], ${column('sim')}::text[], ${column('iccid')}::text[], ${column('remark')}::text[])
             with ordinality as t(device_no, object_name, object_type, imei, sim, iccid, remark, n)
        order by t.n
        on conflict do nothing
        returning object_id, device_no`,
  );
}

export async function updateDevice(q: Queryable, objectId: number, values: NewDevice & { hold_id: number }) {
  await q.update(device).set(values).where(eq(device.object_id, objectId));
}

export async function moveDevices(q: Queryable, objectIds: number[], holdId: number): Promise<void> {
  await q
    .update(device)
    .set({ hold_id: holdId })
    .where(and(inIds(device.object_id, objectIds), isNull(device.deleted_at)));
}

export async function softDeleteDevices(q: Queryable, objectIds: number[], now: Date): Promise<void> {
  await q
    .update(device)
    .set({ deleted_at: now })
    .where(and(inIds(device.object_id, objectIds), isNull(device.deleted_at)));
}

export async function deviceOptions(q: Queryable, holdIds: number[]) {
  return q
    .select({ object_id: device.object_id, object_name: device.object_name, device_no: device.device_no })
    .from(device)
    .where(and(isNull(device.deleted_at), inIds(device.hold_id, holdIds)))
    .orderBy(device.object_name, device.object_id);
}
