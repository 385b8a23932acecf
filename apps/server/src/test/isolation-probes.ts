/**
 * The tenant-isolation matrix's table (QUALITY.md R1): for every API route, how to aim it at another
 * organisation's objects. isolation.test.ts fails when a registered route is missing here, so each new
 * route must say how it is probed (or why it needs no probe).
 */

/** The objects of the organisation under attack. */
export interface Victim {
  holdId: number;
  parentId: number;
  holdName: string;
  adminName: string;
  /** An ordinary account of the victim organisation. */
  userId: number;
  userName: string;
  /** A device, a patrol point and an uploaded spreadsheet of the victim organisation. */
  deviceId: number;
  deviceNo: string;
  cardId: number;
  cardSn: string;
  uploadPath: string;
  /** A road walking that point, and a task giving it to that device. */
  roadId: number;
  taskId: number;
  /** A stored round of that road (made by the punch). */
  roundId: number;
  /** An alert of the organisation, and a webhook of it. */
  alertId: number;
  hookId: number;
  /** A phone registered by the guard app, and a photo sent with one of its punches. */
  appDeviceNo: string;
  photoId: number;
  /** A scheduled report (定时报表) of the organisation, e-mailed (the suites configure no SMTP: nothing leaves). */
  digestId: number;
  /** A checklist (检查表) of the organisation, a hazard found at its point (整改中, its account the assignee), and the
   * punch whose answers found it. */
  checklistId: number;
  hazardId: number;
  punchId: number;
  /**
   * A custom role (ROLES.md) and the organisation that defines it: the victim itself, or for a department (which
   * defines none) the enterprise above it.
   */
  roleId: number;
  roleHoldId: number;
  /** A shift (班次) of the organisation, on which its ordinary account is rostered. */
  shiftId: number;
}

/** A report's span and grouping, aimed at the organisation `holdId`. */
const reportOf = (holdId: number, groupBy = 'road') => ({
  hold_id: holdId,
  include_children: true,
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  group_by: groupBy,
});

export interface Probe {
  /** Query (GET) or body (POST) aimed at the victim's objects; `own` holds the attacker's own objects. */
  input: (victim: Victim, own: Victim) => Record<string, unknown>;
}

export type RouteEntry =
  | { kind: 'public'; why: string }
  /** Answers about the caller only: called, and the reply must not name the victim. */
  | { kind: 'self'; call: boolean }
  /** Aimed at the victim: must answer 403 or 404 and carry none of the victim's names. */
  | { kind: 'scoped'; probes: Probe[] };

export const ROUTE_TABLE: Record<string, RouteEntry> = {
  'POST /UserInfo/Login_Web': { kind: 'public', why: '登录本身不带令牌' },
  'GET /UserInfo/checktoken': { kind: 'self', call: true },
  'GET /UserInfo/Logout': { kind: 'self', call: false },
  'GET /SysFun/GetUserFunTree': { kind: 'self', call: true },
  'POST /HoldInfo/ChangeUserPassword': { kind: 'self', call: false },
  'GET /HoldInfo/GetHoldTree': { kind: 'self', call: true },

  'POST /HoldInfo/GetHoldList': { kind: 'scoped', probes: [{ input: (v) => ({ HoldID: v.holdId }) }] },
  'GET /HoldInfo/LoadParentBase': { kind: 'scoped', probes: [{ input: (v) => ({ id: v.holdId }) }] },
  'GET /HoldInfo/Detail': { kind: 'scoped', probes: [{ input: (v) => ({ holdId: v.holdId }) }] },
  'POST /HoldInfo/SaveHoldInfo': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({ hold_id: v.holdId, hold_name: '篡改', parent_hold_id: v.parentId, user_name: v.adminName }),
      },
      {
        input: (v) => ({
          hold_id: 0,
          hold_name: '寄生组织',
          parent_hold_id: v.holdId,
          user_name: 'parasite_admin',
          user_password: 'password123',
        }),
      },
    ],
  },
  'POST /HoldInfo/RemoveHold': { kind: 'scoped', probes: [{ input: (v) => ({ hold_ids: [v.holdId] }) }] },
  'POST /HoldInfo/SaveAccount': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ user_id: 0, hold_id: v.holdId, user_name: 'intruder', user_password: 'password123' }) },
      {
        input: (v, own) => ({
          user_id: v.userId,
          hold_id: own.holdId,
          user_name: v.userName,
          user_password: 'stolen-pass',
        }),
      },
    ],
  },
  'POST /StaffInfo/SearchList': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ HoldID: v.holdId }) }, { input: (v) => ({ HoldID: v.holdId, role_id: v.roleId }) }],
  },
  'GET /StaffInfo/Detail': { kind: 'scoped', probes: [{ input: (v) => ({ user_id: v.userId }) }] },
  'GET /StaffInfo/GetAccountOptions': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /StaffInfo/RemoveUser': { kind: 'scoped', probes: [{ input: (v) => ({ user_ids: [v.userId] }) }] },
  'GET /Role/Permissions': { kind: 'self', call: true },
  'POST /Role/List': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ hold_id: v.holdId }) },
      { input: (v) => ({ hold_id: v.roleHoldId, include_children: false, role_name: v.holdName }) },
    ],
  },
  'GET /Role/Options': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /Role/Detail': { kind: 'scoped', probes: [{ input: (v) => ({ role_id: v.roleId }) }] },
  'POST /Role/Save': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({
          role_id: v.roleId,
          hold_id: v.roleHoldId,
          role_name: `${v.holdName}角色`,
          permissions: ['dashboard.view'],
          remark: '篡改',
        }),
      },
      // Another organisation's role, saved as if it were one's own.
      {
        input: (v, own) => ({ role_id: v.roleId, hold_id: own.roleHoldId, role_name: '篡改角色', permissions: [] }),
      },
      { input: (v) => ({ role_id: 0, hold_id: v.roleHoldId, role_name: '寄生角色', permissions: [] }) },
    ],
  },
  'POST /Role/Remove': { kind: 'scoped', probes: [{ input: (v) => ({ role_ids: [v.roleId] }) }] },
  'POST /DeviceInfo/SearchDeviceList': { kind: 'scoped', probes: [{ input: (v) => ({ HoldID: v.holdId }) }] },
  'POST /DeviceInfo/SaveDeviceInfo': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ object_id: 0, hold_id: v.holdId, device_no: 'INTRUDER-DEV', object_name: '入侵设备' }) },
      {
        input: (v, own) => ({ object_id: v.deviceId, hold_id: own.holdId, device_no: v.deviceNo, object_name: '篡改' }),
      },
    ],
  },
  'GET /DeviceInfo/Detail': { kind: 'scoped', probes: [{ input: (v) => ({ objectId: v.deviceId }) }] },
  'POST /DeviceInfo/RemoveDevice': { kind: 'scoped', probes: [{ input: (v) => ({ object_ids: [v.deviceId] }) }] },
  'POST /DeviceInfo/ImportDeviceBySNList': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ HoldID: v.holdId, SNList: 'PARASITE-SN-1,PARASITE-SN-2' }) }],
  },
  'POST /DeviceInfo/ImportDeviceByExcel': {
    kind: 'scoped',
    probes: [
      { input: (v, own) => ({ HoldID: v.holdId, FilePath: own.uploadPath }) },
      // Another account's upload, imported into one's own organisation (QUALITY.md R10).
      { input: (v, own) => ({ HoldID: own.holdId, FilePath: v.uploadPath }) },
    ],
  },
  'POST /DeviceInfo/AllocateDevice': {
    kind: 'scoped',
    probes: [
      { input: (v, own) => ({ objectIds: [v.deviceId], holdId: own.holdId }) },
      { input: (v, own) => ({ objectIds: [own.deviceId], holdId: v.holdId }) },
    ],
  },
  'GET /DeviceInfo/GetDeviceOptions': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /PatrolCard/SearchList': { kind: 'scoped', probes: [{ input: (v) => ({ HoldID: v.holdId }) }] },
  'POST /PatrolCard/SaveInfo': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ patrol_id: 0, hold_id: v.holdId, patrol_sn: 'INTRUDER-CARD', patrol_name: '入侵点' }) },
      { input: (v, own) => ({ patrol_id: v.cardId, hold_id: own.holdId, patrol_sn: v.cardSn, patrol_name: '篡改' }) },
      // Another organisation's checklist on one's own point.
      {
        input: (v, own) => ({
          patrol_id: own.cardId,
          hold_id: own.holdId,
          patrol_sn: own.cardSn,
          patrol_name: `${own.holdName}巡检点`,
          checklist_id: v.checklistId,
        }),
      },
    ],
  },
  'GET /PatrolCard/GetDetail': { kind: 'scoped', probes: [{ input: (v) => ({ patrol_id: v.cardId }) }] },
  'POST /PatrolCard/RemoveInfo': { kind: 'scoped', probes: [{ input: (v) => ({ patrol_ids: [v.cardId] }) }] },
  'GET /PatrolCard/GetCardOptions': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  // Multipart; the file it keeps is bound to the caller's own account (probed through ImportDeviceByExcel).
  'POST /UploadFiles/action': { kind: 'self', call: false },
  'GET /file/download_template': { kind: 'public', why: '导入模板不含任何数据，以普通链接下载' },
  'POST /SysLog/GetSysLogsList': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ HoldID: v.holdId, logType: [] }) },
      { input: (v) => ({ HoldID: v.holdId, logType: [1] }) },
    ],
  },

  'POST /PatrolRoad/List': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /PatrolRoad/GetPatrolRoadList': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /PatrolRoad/Detail': { kind: 'scoped', probes: [{ input: (v) => ({ roadId: v.roadId }) }] },
  'POST /PatrolRoad/SaveRoadInfo': {
    kind: 'scoped',
    probes: [
      {
        input: (v, own) => ({
          road_id: v.roadId,
          road_name: '篡改',
          hold_id: own.holdId,
          user_id_list: [own.userId],
          card_id_list: [own.cardId],
          // Several windows a day (SHIFTS.md): the bad-input suite breaks each field of a slot too.
          time_slots: [
            { start_time: '08:00', end_time: '09:00' },
            { start_time: '22:00', end_time: '01:00' },
          ],
        }),
      },
      {
        input: (v, own) => ({
          road_id: 0,
          road_name: '寄生',
          hold_id: v.holdId,
          user_id_list: [own.userId],
          card_id_list: [own.cardId],
        }),
      },
      {
        input: (v, own) => ({
          road_id: 0,
          road_name: '借用',
          hold_id: own.holdId,
          user_id_list: [v.userId],
          card_id_list: [own.cardId],
        }),
      },
      {
        input: (v, own) => ({
          road_id: 0,
          road_name: '借用',
          hold_id: own.holdId,
          user_id_list: [own.userId],
          card_id_list: [v.cardId],
        }),
      },
    ],
  },
  'GET /PatrolRoad/GetBindAccounts': { kind: 'scoped', probes: [{ input: (v) => ({ road_id: v.roadId }) }] },
  'GET /PatrolRoad/GetBindCards': { kind: 'scoped', probes: [{ input: (v) => ({ road_id: v.roadId }) }] },
  'POST /PatrolRoad/CloseRoad': { kind: 'scoped', probes: [{ input: (v) => ({ road_id: v.roadId }) }] },
  'POST /RoadInfo/GetRoadInfoList': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /RoadInfo/GetRoadDetail': { kind: 'scoped', probes: [{ input: (v) => ({ road_id: v.roadId }) }] },
  'POST /RoadInfo/SaveRoadInfoNew': {
    kind: 'scoped',
    probes: [
      {
        input: (v, own) => ({
          road_id: v.roadId,
          hold_id: own.holdId,
          road_name: '篡改',
          patrol_card_ids: [own.cardId],
        }),
      },
      { input: (v, own) => ({ road_id: 0, hold_id: own.holdId, road_name: '借用', patrol_card_ids: [v.cardId] }) },
    ],
  },
  'POST /RoadInfo/RemoveRoadInfo': { kind: 'scoped', probes: [{ input: (v) => ({ road_ids: [v.roadId] }) }] },
  'POST /RoadTask/GetRoadTaskList': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /RoadTask/GetRoadTaskDetail': { kind: 'scoped', probes: [{ input: (v) => ({ task_id: v.taskId }) }] },
  'GET /RoadTask/GetRoadOptions': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /RoadTask/SaveRoadTask': {
    kind: 'scoped',
    probes: [
      {
        input: (v, own) => ({
          task_id: v.taskId,
          hold_id: own.holdId,
          task_name: '篡改',
          road_id: own.roadId,
          object_id: own.deviceId,
          time_slots: [
            { start_time: '08:00', end_time: '09:00' },
            { start_time: '12:00', end_time: '13:00' },
          ],
        }),
      },
      {
        input: (v, own) => ({
          task_id: 0,
          hold_id: own.holdId,
          task_name: '借用',
          road_id: v.roadId,
          object_id: own.deviceId,
        }),
      },
      {
        input: (v, own) => ({
          task_id: 0,
          hold_id: own.holdId,
          task_name: '借用',
          road_id: own.roadId,
          object_id: v.deviceId,
        }),
      },
    ],
  },
  'POST /RoadTask/RemoveRoadTask': { kind: 'scoped', probes: [{ input: (v) => ({ task_ids: [v.taskId] }) }] },
  'POST /Terminal/UploadPunches': { kind: 'public', why: '终端以上传密钥认证，不属于任何账号' },
  'GET /Dashboard/Summary': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /Dashboard/TodayPatrolLogs': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /Dashboard/Trend': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId, days: 7 }) }] },
  'GET /Dashboard/MissedToday': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /PatrolLog/List': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, time_range: 1, search_type: 'card_no', key: '' }) }],
  },
  'POST /PatrolLog/List_Export': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, time_range: 1, search_type: 'account', key: '' }) }],
  },
  'POST /PatrolClockIn/GetPatrolClockInList': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, time_range: 1, search_type: 'device_no', key: '' }) }],
  },
  'POST /PatrolClockIn/ExportPatrolClockInList': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, time_range: 1, search_type: 'card_no', key: '' }) }],
  },
  'POST /PatrolData/Records': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ hold_id: v.holdId, time_limits: 1, include_children: true }) },
      {
        input: (v) => ({
          hold_id: v.holdId,
          include_children: false,
          start_time: '2000-01-01',
          end_time: '2100-01-01',
        }),
      },
    ],
  },
  'POST /PatrolData/ExportRecords': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, time_limits: 1, include_children: true }) }],
  },
  'POST /PatrolData/TotalByPatrolCard': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, time_limits: 1, include_children: true }) }],
  },
  'POST /PatrolData/ExportTotalByPatrolCard': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, time_limits: 1, include_children: true }) }],
  },
  'GET /Report/RoundPoints': { kind: 'scoped', probes: [{ input: (v) => ({ round_id: v.roundId }) }] },
  'POST /Report/Missed': {
    kind: 'scoped',
    probes: [
      { input: (v) => reportOf(v.holdId) },
      { input: (v) => ({ ...reportOf(v.holdId, 'date'), include_children: false, sort: 'rate' }) },
      { input: (v, own) => ({ ...reportOf(own.holdId), road_id: v.roadId }) },
      { input: (v, own) => ({ ...reportOf(own.holdId, 'user'), user_id: v.userId }) },
    ],
  },
  'POST /Report/MissedRounds': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ ...reportOf(v.holdId), group_key: v.roadId }) },
      { input: (v, own) => ({ ...reportOf(own.holdId), group_key: v.roadId }) },
      { input: (v, own) => ({ ...reportOf(own.holdId, 'user'), group_key: v.userId }) },
      { input: (v, own) => ({ ...reportOf(own.holdId, 'hold'), group_key: v.holdId }) },
      { input: (v) => ({ ...reportOf(v.holdId, 'date'), group_key: '2026-11-20', only_missed: true }) },
      { input: (v, own) => ({ ...reportOf(own.holdId, 'date'), group_key: '2026-11-20', road_id: v.roadId }) },
    ],
  },
  'POST /Report/ExportMissed': {
    kind: 'scoped',
    probes: [
      { input: (v) => reportOf(v.holdId) },
      { input: (v, own) => ({ ...reportOf(own.holdId, 'user'), user_id: v.userId }) },
    ],
  },
  'POST /Alert/List': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ hold_id: v.holdId }) },
      { input: (v) => ({ hold_id: v.holdId, include_children: false, kind: 1, state: 0 }) },
    ],
  },
  'GET /Alert/UnhandledCount': { kind: 'self', call: true },
  'POST /Alert/Handle': { kind: 'scoped', probes: [{ input: (v) => ({ alert_ids: [v.alertId], note: '越权处理' }) }] },
  // A stream never ends by itself: its scope is tested on live streams (alert-stream.test.ts).
  'GET /Alert/Stream': { kind: 'self', call: false },
  'GET /Alert/Settings': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.parentId }) }, { input: (v) => ({ hold_id: v.holdId }) }],
  },
  'POST /Alert/UpdateSettings': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ hold_id: v.parentId, offline_hours: 30 }) },
      { input: (v) => ({ hold_id: v.holdId, offline_hours: 30 }) },
    ],
  },
  'POST /Webhook/List': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /Webhook/Save': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({
          hook_id: v.hookId,
          hold_id: v.holdId,
          name: '篡改推送',
          url: 'https://1.1.1.1/hook',
          format: 'json',
          secret: '',
          kinds: [1, 2],
          enabled: true,
        }),
      },
      {
        input: (v) => ({
          hook_id: 0,
          hold_id: v.holdId,
          name: '寄生推送',
          url: 'https://1.1.1.1/hook',
          format: 'wecom',
          kinds: [1],
        }),
      },
    ],
  },
  'POST /Webhook/Test': { kind: 'scoped', probes: [{ input: (v) => ({ hook_id: v.hookId }) }] },
  'POST /Webhook/Deliveries': { kind: 'scoped', probes: [{ input: (v) => ({ hook_id: v.hookId }) }] },
  'POST /Webhook/Remove': { kind: 'scoped', probes: [{ input: (v) => ({ hook_ids: [v.hookId] }) }] },
  'POST /Digest/List': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /Digest/Save': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({
          digest_id: v.digestId,
          hold_id: v.holdId,
          digest_name: '篡改报表',
          frequency: 'daily',
          time: '06:00',
          hook_ids: [v.hookId],
        }),
      },
      {
        input: (v) => ({
          digest_id: 0,
          hold_id: v.holdId,
          digest_name: '寄生报表',
          frequency: 'daily',
          time: '06:00',
          hook_ids: [v.hookId],
        }),
      },
      // Another organisation's hook, picked for one's own report.
      {
        input: (v, own) => ({
          digest_id: 0,
          hold_id: own.holdId,
          digest_name: '借用推送',
          frequency: 'weekly',
          weekday: 1,
          time: '06:00',
          hook_ids: [v.hookId],
        }),
      },
    ],
  },
  'POST /Digest/Remove': { kind: 'scoped', probes: [{ input: (v) => ({ digest_ids: [v.digestId] }) }] },
  'POST /Digest/Preview': { kind: 'scoped', probes: [{ input: (v) => ({ digest_id: v.digestId }) }] },
  'POST /Digest/SendNow': { kind: 'scoped', probes: [{ input: (v) => ({ digest_id: v.digestId }) }] },
  'POST /Digest/Deliveries': { kind: 'scoped', probes: [{ input: (v) => ({ digest_id: v.digestId }) }] },
  'GET /Digest/Options': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /Shift/List': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /Shift/Save': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({
          shift_id: v.shiftId,
          hold_id: v.holdId,
          shift_name: '篡改班次',
          start_time: '08:00',
          end_time: '16:00',
        }),
      },
      {
        input: (v) => ({
          shift_id: 0,
          hold_id: v.holdId,
          shift_name: '寄生班次',
          start_time: '08:00',
          end_time: '16:00',
        }),
      },
    ],
  },
  'POST /Shift/Remove': { kind: 'scoped', probes: [{ input: (v) => ({ shift_ids: [v.shiftId] }) }] },
  'POST /Roster/Month': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId, month: '2026-11' }) }] },
  'POST /Roster/Save': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({ hold_id: v.holdId, cells: [{ user_id: v.userId, date: '2026-12-01', shift_id: v.shiftId }] }),
      },
      // Another organisation's account, or its shift, in one's own roster.
      {
        input: (v, own) => ({
          hold_id: own.holdId,
          cells: [{ user_id: v.userId, date: '2026-12-01', shift_id: own.shiftId }],
        }),
      },
      {
        input: (v, own) => ({
          hold_id: own.holdId,
          cells: [{ user_id: own.userId, date: '2026-12-01', shift_id: v.shiftId }],
        }),
      },
    ],
  },
  'POST /Roster/Copy': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({ hold_id: v.holdId, from_start: '2026-11-16', from_end: '2026-11-22', to_start: '2026-11-23' }),
      },
    ],
  },
  'POST /Roster/Import': {
    kind: 'scoped',
    probes: [
      { input: (v, own) => ({ hold_id: v.holdId, FilePath: own.uploadPath }) },
      { input: (v, own) => ({ hold_id: own.holdId, FilePath: v.uploadPath }) },
    ],
  },
  'GET /Roster/Template': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  // 上岗/下岗 name the caller's bound phone: another organisation's phone is refused (403) like AppPunches.
  'POST /Terminal/OnDuty': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ device_no: v.appDeviceNo, time: '2026-11-20 08:00:00' }) }],
  },
  'POST /Terminal/OffDuty': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ device_no: v.appDeviceNo, time: '2026-11-20 16:00:00' }) }],
  },
  // Registers the caller's own phone; an app id of another organisation answers 409 (guard-app.test.ts).
  'POST /Checklist/List': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /Checklist/Detail': { kind: 'scoped', probes: [{ input: (v) => ({ checklist_id: v.checklistId }) }] },
  'POST /Checklist/Save': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({
          checklist_id: v.checklistId,
          hold_id: v.holdId,
          checklist_name: '篡改检查表',
          items: [{ text: '篡改项', kind: 1 }],
        }),
      },
      {
        input: (v) => ({
          checklist_id: 0,
          hold_id: v.holdId,
          checklist_name: '寄生检查表',
          items: [{ text: '寄生项', kind: 4, required: false }],
        }),
      },
      // Another organisation's template, edited into one's own organisation.
      {
        input: (v, own) => ({
          checklist_id: v.checklistId,
          hold_id: own.holdId,
          checklist_name: '搬走检查表',
          items: [{ text: '搬走项', kind: 1 }],
        }),
      },
    ],
  },
  'POST /Checklist/SetPoints': {
    kind: 'scoped',
    probes: [
      // Another organisation's point given one's own template, or none.
      { input: (v, own) => ({ checklist_id: own.checklistId, patrol_ids: [v.cardId] }) },
      { input: (v) => ({ checklist_id: 0, patrol_ids: [v.cardId] }) },
      // Another organisation's template on one's own point.
      { input: (v, own) => ({ checklist_id: v.checklistId, patrol_ids: [own.cardId] }) },
    ],
  },
  'POST /Checklist/Remove': { kind: 'scoped', probes: [{ input: (v) => ({ checklist_ids: [v.checklistId] }) }] },
  'GET /Inspection/Answers': { kind: 'scoped', probes: [{ input: (v) => ({ punch_id: v.punchId }) }] },
  'POST /Hazard/List': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'GET /Hazard/Detail': { kind: 'scoped', probes: [{ input: (v) => ({ hazard_id: v.hazardId }) }] },
  'POST /Hazard/Assign': {
    kind: 'scoped',
    probes: [
      { input: (v) => ({ hazard_id: v.hazardId, user_id: v.userId, deadline: '2099-01-01 08:00', note: '篡改指派' }) },
      // One's own hazard given to another organisation's account.
      { input: (v, own) => ({ hazard_id: own.hazardId, user_id: v.userId, deadline: '2099-01-01 08:00' }) },
    ],
  },
  'POST /Hazard/Ignore': { kind: 'scoped', probes: [{ input: (v) => ({ hazard_id: v.hazardId, note: '篡改忽略' }) }] },
  'POST /Hazard/Fix': { kind: 'scoped', probes: [{ input: (v) => ({ hazard_id: v.hazardId, note: '篡改整改' }) }] },
  'POST /Hazard/Verify': { kind: 'scoped', probes: [{ input: (v) => ({ hazard_id: v.hazardId, note: '篡改复核' }) }] },
  'POST /Hazard/Reject': { kind: 'scoped', probes: [{ input: (v) => ({ hazard_id: v.hazardId, note: '篡改退回' }) }] },
  'GET /Terminal/MyHazards': { kind: 'self', call: true },
  'POST /Hazard/Stats': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, start_date: '2026-11-01', end_date: '2026-11-30' }) }],
  },
  'POST /Hazard/Export': { kind: 'scoped', probes: [{ input: (v) => ({ hold_id: v.holdId }) }] },
  'POST /Terminal/RegisterApp': { kind: 'self', call: false },
  'GET /Terminal/AppRounds': { kind: 'self', call: true },
  'GET /Terminal/AppAddress': { kind: 'self', call: true },
  // Stores the caller's own photo (multipart); reading one is probed below.
  'POST /Terminal/UploadPhoto': { kind: 'self', call: false },
  'POST /Terminal/AppPunches': {
    kind: 'scoped',
    probes: [
      {
        input: (v) => ({
          device_no: v.appDeviceNo,
          records: [{ patrol_sn: v.cardSn, punch_time: '2026-11-20 10:30:00', note: '越权打卡' }],
        }),
      },
    ],
  },
  'GET /Terminal/Photo': { kind: 'scoped', probes: [{ input: (v) => ({ photo_id: v.photoId }) }] },
  // SAFETY.md: an SOS or a check-in from another organisation's phone; another's alert to read or respond to.
  'POST /Terminal/Sos': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ device_no: v.appDeviceNo, time: '2026-11-20 10:30:00', sos_id: 'probe-sos-0001' }) }],
  },
  // Answers only the caller's own SOS: another account's alert, even in scope, is 404 (safety.test.ts).
  'GET /Terminal/SosState': { kind: 'self', call: false },
  'POST /Terminal/CheckIn': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ device_no: v.appDeviceNo, time: '2026-11-20 10:30:00', lat: 31.2, lng: 121.4 }) }],
  },
  'GET /Terminal/CheckInPlan': { kind: 'self', call: true },
  'POST /Alert/Respond': { kind: 'scoped', probes: [{ input: (v) => ({ alert_id: v.alertId }) }] },
  'POST /PatrolCard/LearnPosition': { kind: 'scoped', probes: [{ input: (v) => ({ patrol_id: v.cardId }) }] },
  'POST /Event/List': {
    kind: 'scoped',
    probes: [{ input: (v) => ({ hold_id: v.holdId, start_date: '2026-11-01', end_date: '2026-11-30' }) }],
  },
  'GET /file/download_excelfile': {
    kind: 'public',
    why: '导出文件以普通链接在新窗口打开，带不了令牌：文件名本身是凭证（128位随机数，一小时有效，记录导出账号），其余一律404',
  },
};
