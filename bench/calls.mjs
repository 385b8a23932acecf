// The API calls P2–P5 and P9 time, each described twice: as the HTTP request a console sends, and as the server's own
// service call made in-process (through a query-logging Drizzle) to learn the exact SQL it runs for the baseline.
import * as contract from '@guard-tour/contract';

export const PAGE_SIZE = 20;

/** The admin of organisation 1 (the operator): the root scope, every organisation below. */
const ROOT_CALLER = {
  sessionId: 0,
  userId: 1,
  userName: 'admin',
  trueName: '系统管理员',
  holdId: 1,
  holdName: '运营商',
  holdType: 1,
  holdPath: '/1/',
  serviceEnd: '',
  defaultPassword: false,
};

/** A department in the middle of the generated tree (organisation 60 under enterprise 10), a device and an account of it. */
export const SAMPLE = { department: 60, device: 'BD00000009', account: 'xj0009' };

const post = (path, body) => ({ method: 'POST', path, body });
const get = (path, query) => ({ method: 'GET', path, query });

/**
 * `{ id, name, what, pages, request(page), service(services, ctx, scope, page) }`; `pages` > 1 walks the first
 * pages (P2), otherwise the same call repeats.
 */
export function benchCalls() {
  const clockIn = (page) => ({ time_range: 2, search_type: 'card_no', key: '', PageIndex: page, PageSize: PAGE_SIZE });
  const records = (page) => ({ time_limits: 3, PageIndex: page, PageSize: PAGE_SIZE });
  const byDevice = { time_range: 4, search_type: 'device_no', key: SAMPLE.device, PageSize: PAGE_SIZE };
  const byPerson = { time_range: 4, search_type: 'account', key: SAMPLE.account, PageSize: PAGE_SIZE };
  const cardTotals = { time_limits: 4, PageIndex: 1, PageSize: PAGE_SIZE };
  const dashboardPage = { PageIndex: 1, PageSize: PAGE_SIZE };
  // P9: 漏检报表 over the last 365 days (both ends included), root scope, first page.
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const missed = (groupBy) => ({
    start_date: day(364),
    end_date: day(0),
    group_by: groupBy,
    PageIndex: 1,
    PageSize: PAGE_SIZE,
  });
  const missedCall = (groupBy, label) => ({
    id: 'P9',
    name: `Report/Missed (by ${groupBy})`,
    what: `漏检报表 by ${label}, root scope, the last year, first page`,
    pages: 1,
    request: () => post('/Report/Missed', missed(groupBy)),
    service: (s, ctx, scope) => s.reports.missedReport(ctx, scope, contract.missedReportInput.parse(missed(groupBy))),
  });
  return [
    {
      id: 'P2',
      name: 'PatrolClockIn/GetPatrolClockInList',
      what: '打卡数据, root scope, last week',
      pages: 10,
      request: (page) => post('/PatrolClockIn/GetPatrolClockInList', clockIn(page)),
      service: (s, ctx, scope, page) => s.records.listPunches(ctx, scope, contract.punchListInput.parse(clockIn(page))),
    },
    {
      id: 'P2',
      name: 'PatrolLog/List',
      what: '设备统计, root scope, last week',
      pages: 10,
      request: (page) => post('/PatrolLog/List', { ...clockIn(page), search_type: 'device_no' }),
      service: (s, ctx, scope, page) =>
        s.records.listPunches(
          ctx,
          scope,
          contract.punchListInput.parse({ ...clockIn(page), search_type: 'device_no' }),
        ),
    },
    {
      id: 'P2',
      name: 'PatrolData/Records',
      what: '巡检记录, root scope, this month',
      pages: 10,
      request: (page) => post('/PatrolData/Records', records(page)),
      service: (s, ctx, scope, page) =>
        s.records.listRecords(ctx, scope, contract.recordListInput.parse(records(page))),
    },
    {
      id: 'P4',
      name: 'Dashboard/Summary',
      what: 'root scope, today',
      pages: 1,
      request: () => get('/Dashboard/Summary', {}),
      service: (s, ctx, scope) => s.dashboard.summary(ctx, scope, undefined),
    },
    {
      id: 'P4',
      name: 'Dashboard/TodayPatrolLogs',
      what: 'root scope, first page',
      pages: 1,
      request: () => get('/Dashboard/TodayPatrolLogs', dashboardPage),
      service: (s, ctx, scope) =>
        s.dashboard.todayPunches(ctx, scope, undefined, contract.todayLogsQuery.parse(dashboardPage)),
    },
    {
      id: 'P5',
      name: 'PatrolData/TotalByPatrolCard',
      what: '巡检点统计, root scope, last month, first page',
      pages: 1,
      request: () => post('/PatrolData/TotalByPatrolCard', cardTotals),
      service: (s, ctx, scope) => s.records.cardTotals(ctx, scope, contract.cardTotalsInput.parse(cardTotals)),
    },
    {
      id: 'P5',
      name: 'PatrolLog/List (by device)',
      what: `设备统计, root scope, last month, device ${SAMPLE.device}`,
      pages: 1,
      request: () => post('/PatrolLog/List', { ...byDevice, PageIndex: 1 }),
      service: (s, ctx, scope) =>
        s.records.listPunches(ctx, scope, contract.punchListInput.parse({ ...byDevice, PageIndex: 1 })),
    },
    {
      id: 'P5',
      name: 'PatrolLog/List (by person)',
      what: `人员统计, root scope, last month, account ${SAMPLE.account}`,
      pages: 1,
      request: () => post('/PatrolLog/List', { ...byPerson, PageIndex: 1 }),
      service: (s, ctx, scope) =>
        s.records.listPunches(ctx, scope, contract.punchListInput.parse({ ...byPerson, PageIndex: 1 })),
    },
    missedCall('road', 'road'),
    missedCall('date', 'day'),
  ];
}

/** P3's call: a department's 打卡数据 this week, first page (what most console users open). */
export function loadCall() {
  const body = {
    hold_id: SAMPLE.department,
    time_range: 1,
    search_type: 'card_no',
    key: '',
    PageIndex: 1,
    PageSize: PAGE_SIZE,
  };
  return {
    name: 'PatrolClockIn/GetPatrolClockInList',
    what: `打卡数据 of department ${SAMPLE.department}, this week, first page`,
    request: () => post('/PatrolClockIn/GetPatrolClockInList', body),
    service: (s, ctx, scope) => s.records.listPunches(ctx, scope, contract.punchListInput.parse(body)),
  };
}

/**
 * An in-process context and root scope over `drizzle`, as the server builds them for a request: with kept answers
 * of their own (the server's AccessCache), so a call's second run reads its organisations from memory as the
 * server's warm calls do. Nothing here changes access, so nothing needs to be heard.
 */
export async function inProcess(services, drizzle, tzName) {
  const access = new services.AccessCache(() => new Date());
  await access.listen(async () => async () => {});
  const ctx = {
    db: drizzle,
    config: { tzName, dataDir: '', port: 0, host: '', demo: false },
    now: () => new Date(),
    deviceKey: '',
    access,
  };
  return { ctx, scope: new services.Scope(drizzle, ROOT_CALLER, '127.0.0.1', access) };
}
