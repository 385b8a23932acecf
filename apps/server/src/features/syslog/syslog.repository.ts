import { and, count, desc, ne, or, sql } from 'drizzle-orm';
import { LOG_TYPE_TEXT, LogType, type Paging, type SysLogRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { sysLog } from '../../db/schema.js';
import { contains, inIds, localTime, pageWindow } from '../../db/sql.js';

const typeText = sql<string>`case ${sysLog.log_type} ${sql.raw(
  Object.entries(LOG_TYPE_TEXT)
    .map(([type, text]) => `when ${Number(type)} then '${text}'`)
    .join(' '),
)} else '' end`;

export interface LogFilter {
  holdIds: number[];
  /** true: login logs only; false: every other type. */
  logins: boolean;
  key: string;
}

export async function listLogs(q: Queryable, tz: string, filter: LogFilter, paging: Paging) {
  const where = and(
    inIds(sysLog.hold_id, filter.holdIds),
    filter.logins ? sql`${sysLog.log_type} = ${sql.raw(String(LogType.login))}` : ne(sysLog.log_type, LogType.login),
    filter.key
      ? or(
          contains(sysLog.user_name, filter.key),
          contains(sysLog.true_name, filter.key),
          contains(sysLog.hold_name, filter.key),
          contains(sysLog.log_content, filter.key),
          contains(sysLog.device_no, filter.key),
          contains(sysLog.ip, filter.key),
        )
      : undefined,
  );
  const [{ total } = { total: 0 }] = await q.select({ total: count() }).from(sysLog).where(where);
  const { limit, offset } = pageWindow(paging);
  const rows: SysLogRow[] = await q
    .select({
      log_id: sysLog.log_id,
      log_type: sysLog.log_type,
      log_type_text: typeText,
      user_name: sysLog.user_name,
      true_name: sysLog.true_name,
      hold_id: sysLog.hold_id,
      hold_name: sysLog.hold_name,
      device_no: sysLog.device_no,
      log_content: sysLog.log_content,
      create_date: localTime(sysLog.create_time, tz),
      ip: sysLog.ip,
    })
    .from(sysLog)
    .where(where)
    .orderBy(desc(sysLog.create_time), desc(sysLog.log_id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}
