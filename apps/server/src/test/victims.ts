import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/sql.js';
import { DEVICE_KEY, type Harness } from './harness.js';
import type { Victim } from './isolation-probes.js';
import { uploadOne } from './uploads.js';
import { PASSWORD, type Tenant, type World } from './world.js';

/** The smallest PNG there is (1×1): a photo's bytes as the guard app would send them. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Fills an organisation with one object of each kind (an account, a device, a patrol point, an upload, a road, a
 * task and a punch), created through the API as the operator: the objects the isolation and bad-input tests aim at.
 */
export async function populate(h: Harness, w: World, tenant: Tenant, parentId: number, name: string): Promise<Victim> {
  const user = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    {
      user_id: 0,
      hold_id: tenant.holdId,
      user_name: `${tenant.admin}_guard`,
      user_password: PASSWORD,
      true_name: `${name}巡检员`,
    },
    w.root,
  );
  const tag = tenant.admin.toUpperCase().replace(/_/g, '-');
  const device = await h.post<{ object_id: number }>(
    '/DeviceInfo/SaveDeviceInfo',
    { object_id: 0, hold_id: tenant.holdId, device_no: `${tag}-DEV`, object_name: `${name}终端` },
    w.root,
  );
  const card = await h.post<{ patrol_id: number }>(
    '/PatrolCard/SaveInfo',
    { patrol_id: 0, hold_id: tenant.holdId, patrol_sn: `${tag}-CARD`, patrol_name: `${name}巡检点` },
    w.root,
  );
  const sheet = await readFile(new URL('../features/device/fixtures/devices-libreoffice.xlsx', import.meta.url));
  const road = await h.post<{ road_id: number }>(
    '/RoadInfo/SaveRoadInfoNew',
    { road_id: 0, hold_id: tenant.holdId, road_name: `${name}线路`, patrol_card_ids: [card.data.patrol_id] },
    w.root,
  );
  const task = await h.post<{ task_id: number }>(
    '/RoadTask/SaveRoadTask',
    {
      task_id: 0,
      hold_id: tenant.holdId,
      task_name: `${name}任务`,
      road_id: road.data.road_id,
      object_id: device.data.object_id,
      cycle_repeat_mode: 2,
    },
    w.root,
  );
  expect([road.code, task.code], `${name}: road ${road.msg}, task ${task.msg}`).toEqual([200, 200]);
  // A punch of its device at its point, so that every record list and export has the organisation's names.
  const punched = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: {
      device_no: `${tag}-DEV`,
      records: [{ patrol_sn: `${tag}-CARD`, punch_time: '2026-11-20 09:00:00', user_name: `${tenant.admin}_guard` }],
    },
  });
  expect(punched.json(), `${name}: punch upload`).toMatchObject({ code: 200, data: { accepted: 1 } });
  // The road's round of that day, which the punch made (the report's calls aim at it).
  const [round] = await queryRows<{ round_id: number }>(
    h.ctx.db,
    sql`select round_id::int as round_id from patrol_round where road_id = ${road.data.road_id} and task_id is null
        order by round_id limit 1`,
  );
  expect(round, `${name}: a stored round of its road`).toBeDefined();
  // An alert of the organisation, and a webhook pushing its alerts (written straight: nothing raises one here).
  const [raised] = await queryRows<{ alert_id: number }>(
    h.ctx.db,
    sql`insert into alert (kind, subject, hold_id, road_id, round_id, detail, raised_time)
        values (1, ${`victim:${tenant.holdId}`}, ${tenant.holdId}, ${road.data.road_id}, ${round!.round_id},
          ${`${name}线路 漏检`}, now())
        returning alert_id::int as alert_id`,
  );
  // A phone of the organisation, and a punch of it carrying a note and a photo (the file too).
  const appDeviceNo = `APP-${tag}-PHONE`;
  await h.post(
    '/DeviceInfo/SaveDeviceInfo',
    { object_id: 0, hold_id: tenant.holdId, device_no: appDeviceNo, object_type: 2, object_name: `${name}手机` },
    w.root,
  );
  const photoName = `${tag.toLowerCase()}-victim.png`;
  await mkdir(path.join(h.ctx.config.dataDir, 'uploads', 'photos'), { recursive: true });
  await writeFile(path.join(h.ctx.config.dataDir, 'uploads', 'photos', photoName), TINY_PNG);
  const [shot] = await queryRows<{ photo_id: number }>(
    h.ctx.db,
    sql`insert into photo (hold_id, user_id, stored_name, mime, bytes, device_no, patrol_sn, punch_time, punch_hold_id)
        values (${tenant.holdId}, ${user.data.user_id}, ${photoName}, 'image/png', ${TINY_PNG.length},
          ${appDeviceNo}, ${`${tag}-CARD`}, '2026-11-20T01:00:00Z', ${tenant.holdId})
        returning photo_id::int as photo_id`,
  );
  const [hook] = await queryRows<{ hook_id: number }>(
    h.ctx.db,
    sql`insert into webhook (hold_id, name, url, format, secret)
        values (${tenant.holdId}, ${`${name}推送`}, 'https://1.1.1.1/hook', 'json', 'victim-secret')
        returning hook_id`,
  );
  // A scheduled report of the organisation, e-mailed (written straight: the suites configure no mail server).
  const [digest] = await queryRows<{ digest_id: number }>(
    h.ctx.db,
    sql`insert into digest (hold_id, digest_name, frequency, send_time, sections, emails, due_from)
        values (${tenant.holdId}, ${`${name}日报`}, 'daily', '06:00', '{overview,missed}', ${sql.param([`${tag.toLowerCase()}@example.com`])}::text[], now())
        returning digest_id`,
  );
  // A checklist of the organisation, the answers of its punch, and the hazard they found, in 整改中 with its
  // ordinary account the assignee (written straight, like the digest).
  const [list] = await queryRows<{ checklist_id: number }>(
    h.ctx.db,
    sql`insert into checklist (hold_id, checklist_name) values (${tenant.holdId}, ${`${name}检查表`})
        returning checklist_id`,
  );
  const [answered] = await queryRows<{ punch_id: number }>(
    h.ctx.db,
    sql`select punch_id::int as punch_id from punch where patrol_sn = ${`${tag}-CARD`} limit 1`,
  );
  await h.ctx.db.execute(
    sql`insert into punch_answer (punch_id, device_no, patrol_sn, punch_time, hold_id, item_id, position, item_text,
          kind, value, abnormal)
        values (${answered!.punch_id}, ${`${tag}-DEV`}, ${`${tag}-CARD`}, '2026-11-20T01:00:00Z', ${tenant.holdId}, 1, 0,
          ${`${name}消防门`}, 1, '异常', true)`,
  );
  const [found] = await queryRows<{ hazard_id: number }>(
    h.ctx.db,
    sql`insert into hazard (hold_id, patrol_id, patrol_name, patrol_sn, item_id, item_text, answer, state, found_time,
          last_time, assignee_id, deadline, punch_id)
        values (${tenant.holdId}, ${card.data.patrol_id}, ${`${name}巡检点`}, ${`${tag}-CARD`}, 1, ${`${name}消防门`},
          '异常', 1, now(), now(), ${user.data.user_id}, '2099-01-01T00:00:00Z', ${answered!.punch_id})
        returning hazard_id`,
  );
  // A custom role of the organisation (a department defines none: the enterprise above it holds the role).
  const holdType = await queryRows<{ hold_type: number }>(
    h.ctx.db,
    sql`select hold_type from hold where hold_id = ${tenant.holdId}`,
  );
  const roleHoldId = holdType[0]?.hold_type === 3 ? parentId : tenant.holdId;
  const role = await h.post<{ role_id: number }>(
    '/Role/Save',
    { role_id: 0, hold_id: roleHoldId, role_name: `${name}角色`, permissions: ['dashboard.view', 'record.view'] },
    w.root,
  );
  expect(role.code, `${name}: role ${role.msg}`).toBe(200);
  // A shift of the organisation with its ordinary account on duty one day (written straight, like the digest).
  const [shift] = await queryRows<{ shift_id: number }>(
    h.ctx.db,
    sql`insert into shift (hold_id, shift_name, start_minute, end_minute) values (${tenant.holdId}, ${`${name}早班`}, 480, 960)
        returning shift_id`,
  );
  await h.ctx.db.execute(
    sql`insert into roster_duty (user_id, duty_date, shift_id, window_start, window_end)
        values (${user.data.user_id}, '2026-11-20', ${shift!.shift_id}, '2026-11-20T00:00:00Z', '2026-11-20T08:00:00Z')`,
  );
  return {
    holdId: tenant.holdId,
    parentId,
    holdName: name,
    adminName: tenant.admin,
    userId: user.data.user_id,
    userName: `${tenant.admin}_guard`,
    deviceId: device.data.object_id,
    deviceNo: `${tag}-DEV`,
    cardId: card.data.patrol_id,
    cardSn: `${tag}-CARD`,
    uploadPath: await uploadOne(h, tenant.token, 'devices.xlsx', sheet),
    roadId: road.data.road_id,
    taskId: task.data.task_id,
    roundId: round!.round_id,
    alertId: raised!.alert_id,
    hookId: hook!.hook_id,
    appDeviceNo,
    photoId: shot!.photo_id,
    digestId: digest!.digest_id,
    checklistId: list!.checklist_id,
    hazardId: found!.hazard_id,
    punchId: answered!.punch_id,
    roleId: role.data.role_id,
    roleHoldId,
    shiftId: shift!.shift_id,
  };
}

/** Everything stored about an organisation's subtree, as one string: equal strings mean nothing changed. */
export async function subtreeSnapshot(h: Harness, holdId: number): Promise<string> {
  const subtree = sql`select hold_id from hold where path like '%/' || ${holdId}::text || '/%'`;
  const rows = await queryRows(
    h.ctx.db,
    sql`select h.hold_id, h.hold_name, h.hold_type, h.path, h.vip_end_time, h.deleted_at,
          a.user_id, a.user_name, a.password_hash, a.hold_id as account_hold, a.deleted_at as account_deleted
        from hold h left join account a on a.hold_id = h.hold_id
        where h.path like '%/' || ${holdId}::text || '/%' order by h.hold_id, a.user_id`,
  );
  const devices = await queryRows(h.ctx.db, sql`select * from device where hold_id in (${subtree}) order by object_id`);
  const cards = await queryRows(
    h.ctx.db,
    sql`select * from patrol_card where hold_id in (${subtree}) order by patrol_id`,
  );
  const roads = await queryRows(
    h.ctx.db,
    sql`select r.*, array(select patrol_id from road_card c where c.road_id = r.road_id order by position) as cards,
          array(select user_id from road_account a where a.road_id = r.road_id order by user_id) as accounts
        from road r where hold_id in (${subtree}) order by road_id`,
  );
  const tasks = await queryRows(h.ctx.db, sql`select * from task where hold_id in (${subtree}) order by task_id`);
  const roles = await queryRows(h.ctx.db, sql`select * from role where hold_id in (${subtree}) order by role_id`);
  const roleOfAccounts = await queryRows(
    h.ctx.db,
    sql`select user_id, role_id from account where hold_id in (${subtree}) order by user_id`,
  );
  return JSON.stringify([rows, devices, cards, roads, tasks, roles, roleOfAccounts]);
}
