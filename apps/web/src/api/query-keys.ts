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
} as const;
