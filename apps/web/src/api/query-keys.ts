/**
 * The first element of every query key of an area, in one place: a save in one area can refresh
 * another's lists (an organisation's admin is also an account) without features importing each other.
 */
export const QUERY_KEYS = {
  hold: ['hold'],
  staff: ['staff'],
  role: ['role'],
  syslog: ['syslog'],
  device: ['device'],
  card: ['card'],
  alert: ['alert'],
  webhook: ['webhook'],
  digest: ['digest'],
  shift: ['shift'],
  /** Every road query, so a save, close or delete refreshes them all (road options on other screens too). */
  road: ['road'],
  /** Every task query: task lists show road names and offer roads, so a change to a road refreshes them too. */
  task: ['task'],
  checklist: ['checklist'],
  hazard: ['hazard'],
  /** Events arrive with punches all day: every visit reads them afresh. */
  event: ['event'],
  /** Punches arrive all the time, so record lists are read afresh. */
  record: ['record'],
  /** Rounds change as punches arrive, so they are read afresh. */
  report: ['report'],
  dashboard: ['dashboard'],
  /** A punch's photos, one query each. */
  photo: ['photo'],
  /** A punch's checklist answers. */
  answers: ['answers'],
  /** The signed-in account's menu (read once; refreshed when the session is confirmed). */
  menu: ['menu'],
  session: ['session'],
  /** The guard app's address and its QR image. */
  guardApp: ['guard-app'],
} as const;
