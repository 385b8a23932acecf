import { createServer, type Server } from 'node:http';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestDelivery, DigestOptions, DigestPreview, DigestRow } from '@guard-tour/contract';
import { patrolRound, road } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';
import { deliveryIsGenuine } from '../../domain/webhook-signature.js';
import { insertCard } from '../../test/fixtures.js';
import { HOUR, SECOND, useHarness } from '../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { deliverDigests, recordDuePeriods } from './digest-outbox.service.js';

/**
 * 定时报表 (DIGESTS.md) through the API, e-mailed to a real SMTP server in this process (Nodemailer on one side,
 * smtp-server and mailparser on the other) and pushed to a signed JSON receiver like the webhook tests'.
 */
const smtpPort = 20_000 + Math.floor(Math.random() * 12_000);
const PUBLIC_URL = 'https://patrol.example.com';
const h = useHarness({
  webhookAllowHosts: ['127.0.0.1'],
  smtpUrl: `smtp://reports:mail-secret@127.0.0.1:${smtpPort}`,
  mailFrom: '巡检平台 <patrol@example.com>',
  publicUrl: PUBLIC_URL,
});
let w: World;
let smtp: SmtpCatcher;
let receiver: Server;
let hookUrl = '';
const pushed: { key: string; signature: string; body: string }[] = [];
let hookId = 0;
let otherHookId = 0;
const sh = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

async function insertRound(values: {
  road: number;
  hold: number;
  date: string;
  expected: number[];
  checked: number[];
  result: 2 | 3;
}): Promise<void> {
  await h.ctx.db.insert(patrolRound).values({
    road_id: values.road,
    hold_id: values.hold,
    round_date: values.date,
    window_start: sh(`${values.date} 08:00:00`),
    window_end: sh(`${values.date} 09:01:00`),
    expected_cards: values.expected,
    checked_cards: values.checked,
    on_time: values.checked.length,
    result: values.result,
  });
}

beforeAll(async () => {
  smtp = await startSmtpCatcher(smtpPort);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      pushed.push({
        key: String(request.headers['idempotency-key']),
        signature: String(request.headers['x-guardtour-signature']),
        body,
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/digest`;

  h.clock.set(sh('2026-11-20 10:00:00'));
  w = await buildWorld(h);
  const saveHook = async (token: string, holdId: number) =>
    (
      await h.post<{ hook_id: number }>(
        '/Webhook/Save',
        { hook_id: 0, hold_id: holdId, name: '物业群', url: hookUrl, format: 'json', secret: 's3cret', kinds: [1] },
        token,
      )
    ).data.hook_id;
  hookId = await saveHook(w.a.token, w.a.holdId);
  otherHookId = await saveHook(w.b.token, w.b.holdId);
  token = w.a.token;

  // Yesterday (11-19) in 甲企业: one round walked in full, one of 甲一部 missing a point on a road whose name a
  // spreadsheet would run as a formula.
  const db = h.ctx.db;
  const c1 = await insertCard(db, { holdId: w.a.holdId, sn: 'DG-1', name: '东门' });
  const c2 = await insertCard(db, { holdId: w.a1.holdId, sn: 'DG-2', name: '仓库' });
  const c3 = await insertCard(db, { holdId: w.a1.holdId, sn: 'DG-3', name: '=1+1' });
  const [north] = await db.insert(road).values({ hold_id: w.a.holdId, road_name: '北线' }).returning();
  const [risky] = await db
    .insert(road)
    .values({ hold_id: w.a1.holdId, road_name: '=HYPERLINK("http://evil")' })
    .returning();
  await insertRound({
    road: north!.road_id,
    hold: w.a.holdId,
    date: '2026-11-19',
    expected: [c1],
    checked: [c1],
    result: 2,
  });
  await insertRound({
    road: risky!.road_id,
    hold: w.a1.holdId,
    date: '2026-11-19',
    expected: [c2, c3],
    checked: [c2],
    result: 3,
  });
  await queryRows(
    db,
    sql`insert into alert (kind, subject, hold_id, detail, raised_time, state)
        values (1, 'digest-test-1', ${w.a1.holdId}, '漏检', ${sh('2026-11-19 09:12:00')}, 1),
               (2, 'digest-test-2', ${w.a.holdId}, '离线', ${sh('2026-11-19 12:00:00')}, 0)`,
  );
  // 紧急求助 listed one by one; hazards found and closed in the period, one still open past its deadline, and one of
  // a sibling enterprise that no report of A may count.
  await queryRows(
    db,
    sql`insert into alert (kind, subject, hold_id, device_no, detail, raised_time, state, responded_by)
        values (8, 'digest-sos-1', ${w.a1.holdId}, 'SOS-PHONE', '紧急求助', ${sh('2026-11-19 22:30:00')}, 0, '调度员')`,
  );
  let item = 0;
  const hazard = (holdId: number, found: string, state: number, closed: string | null, deadline: string | null) =>
    queryRows(
      db,
      sql`insert into hazard (hold_id, patrol_id, item_id, item_text, answer, state, found_time, last_time,
            closed_time, deadline)
          values (${holdId}, ${c2}, ${++item}, '消防门关闭', '异常', ${state}, ${sh(found)}, ${sh(found)},
            ${closed ? sh(closed) : null}, ${deadline ? sh(deadline) : null})`,
    );
  await hazard(w.a1.holdId, '2026-11-19 10:00:00', 3, '2026-11-19 15:00:00', null);
  await hazard(w.a.holdId, '2026-11-19 11:00:00', 1, null, '2026-11-19 12:00:00');
  await hazard(w.b.holdId, '2026-11-19 11:00:00', 0, null, null);
});

afterAll(async () => {
  await smtp?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const valid = (body: object = {}) => ({
  digest_id: 0,
  hold_id: w.a.holdId,
  digest_name: '甲企业日报',
  frequency: 'daily',
  time: '06:00',
  emails: ['manager@example.com'],
  hook_ids: [hookId],
  ...body,
});
const save = (body: object = {}, token = w.a.token) =>
  h.post<{ digest_id: number }>('/Digest/Save', valid(body), token);
/** The enterprise admin's token, logged in again after the clock jumps days ahead (sessions expire). */
let token = '';
const list = (as = token) => h.post<DigestRow[]>('/Digest/List', { PageIndex: 1, PageSize: 20 }, as);
const deliveries = (digestId: number) =>
  h.post<DigestDelivery[]>('/Digest/Deliveries', { digest_id: digestId, PageIndex: 1, PageSize: 50 }, token);
const digestCount = async () =>
  (await queryRows<{ n: number }>(h.ctx.db, sql`select count(*)::int as n from digest`))[0]!.n;

describe('saving a subscription', () => {
  it('refuses bad input with the pinned messages and saves nothing', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `guard${i}@example.com`);
    const cases: [object, number, string][] = [
      [{ emails: ['manager@example.com', 'not-an-address'] }, 400, '邮箱格式不正确：not-an-address'],
      [{ emails: ['a@b'] }, 400, '邮箱格式不正确：a@b'],
      [
        { emails: ['boss@example.com\r\nBcc: all@example.com'] },
        400,
        '邮箱格式不正确：boss@example.com\r\nBcc: all@example.com',
      ],
      [{ emails: many }, 400, '邮箱最多 20 个'],
      [{ emails: [], hook_ids: [] }, 400, '请至少选择一个发送方式'],
      [{ sections: ['overview', 'weather'] }, 400, '未知的报表内容：weather'],
      [{ sections: [] }, 400, '请至少选择一项报表内容'],
      [{ hook_ids: [otherHookId] }, 404, '推送配置不存在或已删除'],
      [{ time: '6:00' }, 400, '发送时间格式应为 HH:mm'],
      [{ time: '24:00' }, 400, '发送时间格式应为 HH:mm'],
      [{ time: '06:60' }, 400, '发送时间格式应为 HH:mm'],
      [{ frequency: 'weekly' }, 400, '请选择每周发送的星期（1-7）'],
      [{ frequency: 'hourly' }, 400, '请选择发送频率'],
      [{ hold_id: w.b.holdId, hook_ids: [] }, 403, '没有权限访问该组织的数据'],
    ];
    for (const [body, code, msg] of cases) expect(await save(body), JSON.stringify(body)).toMatchObject({ code, msg });
    expect(await digestCount()).toBe(0);
  });

  it('without SMTP_URL an e-mail subscription is refused and the dialog knows why; a robot one is saved', async () => {
    const config = h.ctx.config;
    const { smtpUrl, mailFrom } = config;
    Object.assign(config, { smtpUrl: undefined, mailFrom: undefined });
    try {
      expect(await save()).toMatchObject({ code: 400, msg: '未配置邮件服务器（SMTP_URL）' });
      expect(await digestCount()).toBe(0);
      const options = await h.get<DigestOptions>('/Digest/Options', { hold_id: w.a1.holdId }, w.a.token);
      expect(options.data).toEqual({
        mail_ready: false,
        hooks: [{ hook_id: hookId, name: '物业群', format: 'json', hold_name: '甲企业' }],
      });
      const robotOnly = await save({ emails: [], digest_name: '仅推送' });
      expect(robotOnly.code).toBe(200);
      expect(await h.post('/Digest/Remove', { digest_ids: [robotOnly.data.digest_id] }, w.a.token)).toMatchObject({
        code: 200,
      });
    } finally {
      Object.assign(config, { smtpUrl, mailFrom });
    }
  });

  it('lists a saved subscription with its next due time; another enterprise sees none of it', async () => {
    const saved = await save({ emails: ['Manager@example.com', 'manager@EXAMPLE.com', ' boss@example.com '] });
    expect(saved.code).toBe(200);
    const rows = (await list()).data;
    expect(rows).toEqual([
      expect.objectContaining({
        digest_id: saved.data.digest_id,
        digest_name: '甲企业日报',
        hold_name: '甲企业',
        include_children: true,
        frequency: 'daily',
        weekday: null,
        time: '06:00',
        sections: ['overview', 'missed', 'alerts', 'hazards', 'devices'],
        emails: ['Manager@example.com', 'boss@example.com'],
        hook_ids: [hookId],
        enabled: true,
        last_sent_time: '',
        next_due_time: '2026-11-21 06:00:00',
      }),
    ]);
    expect((await list(w.b.token)).total).toBe(0);
    expect(await h.post('/Digest/Preview', { digest_id: saved.data.digest_id }, w.b.token)).toMatchObject({
      code: 404,
    });
  });
});

describe('preview and send now', () => {
  let digestId = 0;
  beforeAll(async () => {
    digestId = (await list()).data[0]!.digest_id;
  });

  it('预览 renders yesterday in Chinese with the overview table and the link to 漏检报表, and sends nothing', async () => {
    const preview = await h.post<DigestPreview>('/Digest/Preview', { digest_id: digestId }, w.a.token);
    expect(preview.code).toBe(200);
    expect(preview.data).toMatchObject({
      subject: '甲企业 巡检日报（2026-11-19）',
      period_start: '2026-11-19',
      period_end: '2026-11-19',
    });
    const html = preview.data.html;
    for (const text of [
      '概览',
      '应巡轮次',
      '完成率',
      '66.7%',
      '漏检明细',
      '告警',
      '隐患',
      '本期发现',
      '其中超期',
      '设备',
    ]) {
      expect(html, text).toContain(text);
    }
    // The stored hazards (two found of A's subtree, one closed, one open past its deadline; B's not counted) and
    // each 紧急求助 with its state.
    expect(html).toMatch(/<td[^>]*>2<\/td><td[^>]*>1<\/td><td[^>]*>1<\/td><td[^>]*>1<\/td>/);
    expect(html).toContain('SOS-PHONE');
    expect(html).toContain('已响应（调度员）');
    expect(html).not.toContain('尚未上线');
    expect(html).toContain('=HYPERLINK(&quot;http://evil&quot;)');
    expect(html).toContain(
      `${PUBLIC_URL}/patrol/missed_report?hold_id=${w.a.holdId}&amp;include_children=true&amp;start_date=2026-11-19&amp;end_date=2026-11-19`,
    );
    expect(smtp.received).toHaveLength(0);
    expect((await deliveries(digestId)).total).toBe(0);
  });

  it('立即发送 e-mails each address (HTML, text, the .xlsx) and pushes the signed JSON, logged as manual', async () => {
    const sent = await h.post<{ sent: number }>('/Digest/SendNow', { digest_id: digestId }, w.a.token);
    expect(sent).toMatchObject({ code: 200, data: { sent: 3 } });
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual(
      expect.arrayContaining([['Manager@example.com'], ['boss@example.com']]),
    );
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('甲企业 巡检日报（2026-11-19）');
    expect(mail.from?.text).toContain('patrol@example.com');
    expect(mail.html).toContain('<table');
    expect(mail.text).toContain('应巡轮次：2，完成轮次：1，完成率：66.7%');
    expect(mail.text).toContain(`本期漏检报表：${PUBLIC_URL}/patrol/missed_report?`);
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments[0]!;
    expect(attachment.filename).toBe('巡检报表_2026-11-19.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment.content as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['概览', '漏检明细', '告警', '隐患', '设备']);
    const missed = book.getWorksheet('漏检明细')!;
    expect(missed.getRow(1).values).toEqual([
      undefined,
      '日期',
      '路线',
      '任务',
      '时段',
      '责任人',
      '漏检点数',
      '漏检巡检点',
    ]);
    // Formula-safe: the road's and the point's names stay text, never formulas.
    expect(missed.getCell('B2').value).toBe(`'=HYPERLINK("http://evil")`);
    expect(missed.getCell('G2').value).toBe(`'=1+1`);
    expect(missed.getCell('F2').value).toBe(1);
    const overview = book.getWorksheet('概览')!;
    expect(overview.getCell('A4').value).toBe('应巡轮次');
    expect(overview.getCell('B4').value).toBe(2);
    const alerts = book.getWorksheet('告警')!;
    expect(alerts.getRow(2).values).toEqual([undefined, '漏检', 1, 1, 0]);

    expect(pushed).toHaveLength(1);
    const push = pushed[0]!;
    expect(push.key).toMatch(new RegExp(`^${digestId}:2026-11-19:manual-\\d+$`));
    expect(deliveryIsGenuine(push.signature, push.body, 's3cret', Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(push.body)).toMatchObject({
      subscription_id: digestId,
      period_start: '2026-11-19',
      period_end: '2026-11-19',
      overview: { rounds_expected: 2, rounds_done: 1, points_expected: 3, missed: 1, rate: 66.7 },
      missed_rounds: [expect.objectContaining({ road_name: '=HYPERLINK("http://evil")', missed_points: '=1+1' })],
      hazards: { found: 2, closed: 1, open: 1, overdue: 1 },
    });

    const history = await deliveries(digestId);
    expect(history.total).toBe(3);
    for (const row of history.data) {
      expect(row).toMatchObject({ period_start: '2026-11-19', period_end: '2026-11-19', status: 'sent', manual: true });
    }
    expect(history.data.map((row) => row.channel).sort()).toEqual(['email', 'email', 'hook']);
  });
});

/** Sets the clock and logs the admins in again. */
async function clockAt(local: string): Promise<void> {
  h.clock.set(sh(local));
  token = await h.login({ user_name: w.a.admin, user_password: PASSWORD });
  w.b.token = await h.login({ user_name: w.b.admin, user_password: PASSWORD });
}

describe('the schedule', () => {
  let digestId = 0;
  beforeAll(async () => {
    digestId = (await list()).data[0]!.digest_id;
    smtp.received.length = 0;
    pushed.length = 0;
  });

  it('sends at the due time once, with the key <subscription_id>:<period_start>', async () => {
    await clockAt('2026-11-21 05:59:59');
    expect(await recordDuePeriods(h.ctx)).toBe(0);
    await clockAt('2026-11-21 06:00:10');
    expect(await recordDuePeriods(h.ctx)).toBe(1);
    expect(await recordDuePeriods(h.ctx)).toBe(0);
    expect(await deliverDigests(h.ctx)).toBe(3);
    expect(await deliverDigests(h.ctx)).toBe(0);
    expect(smtp.received.map((m) => m.subject)).toEqual([
      '甲企业 巡检日报（2026-11-20）',
      '甲企业 巡检日报（2026-11-20）',
    ]);
    expect(pushed.map((p) => p.key)).toEqual([`${digestId}:2026-11-20`]);
    const row = (await list()).data[0]!;
    expect(row.last_sent_time).toBe('2026-11-21 06:00:10');
    expect(row.next_due_time).toBe('2026-11-22 06:00:00');
  });

  it('an SMTP server that refuses, then is down: the tries are logged with their error and retried', async () => {
    smtp.received.length = 0;
    pushed.length = 0;
    smtp.refuse = true;
    await clockAt('2026-11-22 06:00:05');
    expect(await recordDuePeriods(h.ctx)).toBe(1);
    await deliverDigests(h.ctx);
    let rows = (await deliveries(digestId)).data.filter((r) => r.period_start === '2026-11-21');
    expect(rows.filter((r) => r.channel === 'email')).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringContaining('451') }),
      expect.objectContaining({ status: 'failed', error: expect.stringContaining('451') }),
    ]);
    expect(rows.find((r) => r.channel === 'hook')).toMatchObject({ status: 'sent', error: '' });

    // Down: the next try (5 s later) cannot connect, and says so.
    await smtp.stop();
    h.clock.advance(6 * SECOND);
    expect(await deliverDigests(h.ctx)).toBe(2);
    rows = (await deliveries(digestId)).data.filter((r) => r.channel === 'email' && r.period_start === '2026-11-21');
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(rows[0]!.error).toMatch(/ECONNREFUSED|邮件发送失败/);

    // Back up: the try after the back-off (15 s) delivers, once; nothing is tried after that.
    smtp = await startSmtpCatcher(smtpPort);
    h.clock.advance(16 * SECOND);
    expect(await deliverDigests(h.ctx)).toBe(2);
    h.clock.advance(HOUR);
    expect(await deliverDigests(h.ctx)).toBe(0);
    expect(smtp.received).toHaveLength(2);
    rows = (await deliveries(digestId)).data.filter((r) => r.channel === 'email' && r.period_start === '2026-11-21');
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ['sent', ''],
      ['sent', ''],
    ]);
    expect(pushed).toHaveLength(1);
  });

  it('periods missed by more than 24 h are recorded as skipped, and the current one is sent', async () => {
    smtp.received.length = 0;
    // Down from 11-22 06:01 until 11-25 07:00: the sends of 11-23 and 11-24 are over 24 h late.
    await clockAt('2026-11-25 07:00:00');
    expect(await recordDuePeriods(h.ctx)).toBe(3);
    await deliverDigests(h.ctx);
    const rows = (await deliveries(digestId)).data;
    const status = (period: string) => [...new Set(rows.filter((r) => r.period_start === period).map((r) => r.status))];
    expect(status('2026-11-22')).toEqual(['skipped']);
    expect(status('2026-11-23')).toEqual(['skipped']);
    expect(status('2026-11-24')).toEqual(['sent']);
    expect(rows.find((r) => r.period_start === '2026-11-22')!.error).toContain('已跳过');
    expect(smtp.received.map((m) => m.subject)).toEqual([
      '甲企业 巡检日报（2026-11-24）',
      '甲企业 巡检日报（2026-11-24）',
    ]);
  });

  it('a removed subscription sends nothing more, and another enterprise cannot remove one', async () => {
    expect(await h.post('/Digest/Remove', { digest_ids: [digestId] }, w.b.token)).toMatchObject({ code: 404 });
    expect(await h.post('/Digest/Remove', { digest_ids: [digestId] }, token)).toMatchObject({ code: 200 });
    await clockAt('2026-11-26 06:00:01');
    expect(await recordDuePeriods(h.ctx)).toBe(0);
    expect((await list()).total).toBe(0);
  });
});
