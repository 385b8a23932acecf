import { ROUTE_TABLE, type Victim } from './isolation-probes.js';
import { PASSWORD } from './world.js';

/**
 * A valid input for every API route, aimed at objects the caller may reach (QUALITY.md R2): the bad-input tests
 * start from it and break one thing at a time. Scoped routes reuse the isolation matrix's first probe aimed at the
 * caller's own department; the routes that act on the caller itself, or on no account, are listed here, so a new
 * route of that kind fails the suite until it says how it is called.
 */

/** What the valid inputs aim at. */
export interface Targets {
  /** The caller's department, full of objects (the caller administers it from the enterprise above). */
  own: Victim;
  /** A file name an export of the caller answered. */
  exportName: string;
}

/** Who calls: the enterprise admin; an account acting on itself; a session that the call ends; a terminal; nobody. */
export type CallerKind = 'admin' | 'self' | 'ending-session' | 'device' | 'nobody';

/**
 * What a handled answer looks like besides the envelope: a downloaded file, the upload's own shape, or an event
 * stream (which never ends by itself: the input suites leave it to its own tests, having no input to vary).
 */
export type ReplyKind = 'envelope' | 'file' | 'upload' | 'stream';

export interface RouteInput {
  valid: (t: Targets) => Record<string, unknown>;
  caller: CallerKind;
  reply: ReplyKind;
  /** Codes a handled answer of this route may carry besides 200, 400, 403, 404 and 409. */
  alsoAllowed: number[];
}

/** Accounts of the caller's department that the bad-input tests log in as (created by the test, password PASSWORD). */
export const FUZZ_ACCOUNTS = { self: 'fuzz_self', leaver: 'fuzz_leaver', login: 'fuzz_login' } as const;

type Special = Partial<RouteInput> & Pick<RouteInput, 'valid' | 'caller'>;

const SPECIAL: Record<string, Special> = {
  // A wrong password is 401 and repeated failures lock the pair (429): both are handled answers of a login.
  'POST /UserInfo/Login_Web': {
    caller: 'nobody',
    valid: () => ({ user_name: FUZZ_ACCOUNTS.login, user_password: PASSWORD, remember_login: false }),
    alsoAllowed: [401, 429],
  },
  'GET /UserInfo/checktoken': { caller: 'admin', valid: () => ({}) },
  'GET /UserInfo/Logout': { caller: 'ending-session', valid: () => ({}) },
  'GET /SysFun/GetUserFunTree': { caller: 'admin', valid: () => ({}) },
  'GET /HoldInfo/GetHoldTree': { caller: 'admin', valid: () => ({}) },
  'GET /Role/Permissions': { caller: 'admin', valid: () => ({}) },
  'GET /Alert/UnhandledCount': { caller: 'admin', valid: () => ({}) },
  'GET /Alert/Stream': { caller: 'admin', valid: () => ({}), reply: 'stream' },
  'POST /Terminal/RegisterApp': { caller: 'admin', valid: () => ({ app_id: 'fuzz-phone-0000000001' }) },
  'GET /Terminal/AppRounds': { caller: 'admin', valid: () => ({}) },
  'GET /Terminal/MyHazards': { caller: 'admin', valid: () => ({}) },
  'GET /Terminal/AppAddress': { caller: 'admin', valid: () => ({}) },
  'GET /Terminal/Photo': { caller: 'admin', valid: ({ own }) => ({ photo_id: own.photoId }), reply: 'file' },
  // Multipart only: a JSON body is refused as carrying no photo (400), whatever it holds.
  'POST /Terminal/UploadPhoto': { caller: 'admin', valid: () => ({}) },
  'GET /Terminal/CheckInPlan': { caller: 'admin', valid: () => ({}) },
  // Not the caller's own SOS: a handled 404, whatever the input's shape.
  'GET /Terminal/SosState': { caller: 'admin', valid: ({ own }) => ({ alert_id: own.alertId }) },
  'POST /HoldInfo/ChangeUserPassword': {
    caller: 'self',
    valid: () => ({ old_password: PASSWORD, new_password: PASSWORD }),
  },
  'POST /UploadFiles/action': { caller: 'admin', valid: () => ({}), reply: 'upload' },
  'GET /Roster/Template': { caller: 'admin', valid: ({ own }) => ({ hold_id: own.holdId }), reply: 'file' },
  'GET /file/download_template': { caller: 'nobody', valid: () => ({ name: 'device_import' }), reply: 'file' },
  'GET /file/download_excelfile': { caller: 'nobody', valid: (t) => ({ fileName: t.exportName }), reply: 'file' },
  'POST /Terminal/UploadPunches': {
    caller: 'device',
    valid: ({ own }) => ({
      device_no: own.deviceNo,
      records: [{ patrol_sn: own.cardSn, punch_time: '2026-11-20 10:00:00', user_name: own.userName }],
    }),
  },
};

/** The routes this file lists itself (not scoped, so not in the isolation matrix's probes). */
export const SELF_LISTED_ROUTES = Object.keys(SPECIAL);

/** How to call a route well, or undefined when neither table knows the route. */
export function routeInput(key: string): RouteInput | undefined {
  const special = SPECIAL[key];
  if (special) return { reply: 'envelope', alsoAllowed: [], ...special };
  const entry = ROUTE_TABLE[key];
  if (entry?.kind !== 'scoped') return undefined;
  const probe = entry.probes[0]!;
  return { caller: 'admin', reply: 'envelope', alsoAllowed: [], valid: ({ own }) => probe.input(own, own) };
}

/** Calls that delete, close or end something: the bad-input tests run them last, so the rest find their objects. */
export function isDestructive(key: string): boolean {
  return /\/(Remove\w*|CloseRoad)$/.test(key);
}
