import { alertCalls } from './alert.js';
import { authCalls } from './auth.js';
import { cardCalls } from './card.js';
import { dashboardCalls } from './dashboard.js';
import { deviceCalls } from './device.js';
import { digestCalls } from './digest.js';
import { guardAppCalls } from './guard-app.js';
import { checklistCalls, hazardCalls } from './inspection.js';
import { holdCalls } from './hold.js';
import { punchCalls } from './punch.js';
import { recordCalls } from './record.js';
import { reportCalls } from './report.js';
import { roadCalls } from './road.js';
import { roleCalls } from './role.js';
import { safetyCalls } from './safety.js';
import { shiftCalls } from './shift.js';
import { staffCalls } from './staff.js';
import { syslogCalls } from './syslog.js';
import { taskCalls } from './task.js';
import { uploadCalls } from './upload.js';
import { webhookCalls } from './webhook.js';

/**
 * The call table: every call of the product, by area. The server registers its routes from it and the console's
 * client is typed from it, so a call is written once (ARCHITECTURE.md, The call table).
 */
export const calls = {
  auth: authCalls,
  hold: holdCalls,
  staff: staffCalls,
  role: roleCalls,
  syslog: syslogCalls,
  device: deviceCalls,
  card: cardCalls,
  upload: uploadCalls,
  road: roadCalls,
  task: taskCalls,
  punch: punchCalls,
  dashboard: dashboardCalls,
  record: recordCalls,
  report: reportCalls,
  alert: alertCalls,
  webhook: webhookCalls,
  digest: digestCalls,
  shift: shiftCalls,
  guardApp: guardAppCalls,
  checklist: checklistCalls,
  hazard: hazardCalls,
  safety: safetyCalls,
};
export type Calls = typeof calls;

/** Each area's calls on its own: a client of a few areas (the guard app's) bundles only their schemas. */
export {
  alertCalls,
  authCalls,
  cardCalls,
  checklistCalls,
  dashboardCalls,
  deviceCalls,
  digestCalls,
  guardAppCalls,
  hazardCalls,
  holdCalls,
  punchCalls,
  recordCalls,
  reportCalls,
  roadCalls,
  roleCalls,
  safetyCalls,
  shiftCalls,
  staffCalls,
  syslogCalls,
  taskCalls,
  uploadCalls,
  webhookCalls,
};
