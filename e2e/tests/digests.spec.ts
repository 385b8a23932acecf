import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { login, menuEntry, useDemoClock } from './support.js';

// 定时报表 (DIGESTS.md) on the demo tenant: make a report, preview it, send it now, and read the e-mail a real SMTP
// server in this test process received (the demo server's SMTP_URL points here: playwright.config.ts).
test.use({ baseURL: process.env.E2E_DEMO_URL });
test.beforeEach(({ page }) => useDemoClock(page));

const received: ParsedMail[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === 'reports' && auth.password === 'mail-secret'
        ? callback(null, { user: auth.username })
        : callback(new Error('535 bad login')),
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve));
});

test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

test('a daily report is made, previewed and sent now; the e-mail arrives with its spreadsheet', async ({ page }) => {
  await login(page);
  await menuEntry(page, '定时报表').click();
  await expect(page).toHaveURL(/\/sys\/digests$/);

  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增定时报表' });
  await dialog.getByLabel('名称').fill('全部项目巡检日报');
  const emails = dialog.getByLabel('收件邮箱');
  await emails.fill('manager@example.com');
  await emails.press('Enter');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /全部项目巡检日报/ });
  await expect(row).toContainText('每天 06:00');
  await expect(row).toContainText('2026-03-19 06:00:00');

  // 预览: yesterday (the demo clock stands at 2026-03-18 20:00), nothing sent.
  await row.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: /预览/ });
  await expect(preview).toContainText('巡检日报（2026-03-17）');
  const frame = preview.frameLocator('iframe[title="邮件预览"]');
  await expect(frame.getByRole('heading', { name: '概览' })).toBeVisible();
  await expect(frame.getByText('应巡轮次')).toBeVisible();
  await expect(
    frame.getByRole('link', { name: '在平台中查看本期漏检报表' }).or(frame.getByText('漏检报表')),
  ).toBeVisible();
  await preview.screenshot({ path: test.info().outputPath('digest-preview.png') });
  await preview.screenshot({ path: '/tmp/digest-preview.png' });
  expect(received).toHaveLength(0);
  await preview.getByRole('button', { name: 'Close' }).or(preview.getByLabel('Close')).first().click();

  // 立即发送: the e-mail arrives, with the HTML, the text and the .xlsx.
  await row.getByRole('button', { name: '立即发送' }).click();
  await expect(page.getByText('已发送 1 份，结果见发送记录')).toBeVisible();
  await expect.poll(() => received.length).toBe(1);
  const mail = received[0]!;
  expect(mail.subject).toContain('巡检日报（2026-03-17）');
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('manager@example.com');
  expect(mail.html).toContain('应巡轮次');
  expect(mail.text).toContain('【概览】');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['概览', '漏检明细', '告警', '隐患', '设备']);

  // 发送记录: the manual send, delivered.
  await row.getByRole('button', { name: '发送记录' }).click();
  const drawer = page.getByRole('dialog', { name: /发送记录/ });
  await expect(drawer.getByRole('row', { name: /manager@example\.com/ })).toContainText('已发送');
  await expect(drawer.getByRole('row', { name: /manager@example\.com/ })).toContainText('手动');
});
