import { ALERT_KINDS, webhookMessages, type HoldTreeNode, type WebhookRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { WebhookPage } from './webhook-page';

const TREE: HoldTreeNode[] = [{ id: 2, label: '华安物业', children: [] }];

const hook = (patch: Partial<WebhookRow>): WebhookRow => ({
  hook_id: 6,
  hold_id: 2,
  hold_name: '华安物业',
  name: '保安部值班群',
  url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc',
  format: 'wecom',
  kinds: [1, 4],
  enabled: true,
  has_secret: false,
  create_time: '2026-11-20 09:00:00',
  last_status: '200',
  last_time: '2026-11-23 08:31:06',
  ...patch,
});

const ROWS = [
  hook({}),
  hook({
    hook_id: 7,
    name: '总部接收',
    format: 'json',
    has_secret: true,
    enabled: false,
    last_status: '',
    last_time: '',
  }),
];

type Reply = { code?: number; msg?: string; data?: unknown; total?: number };

function serve(routes: Record<string, (call: Call) => Reply> = {}) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/Webhook/List': () => ({ data: ROWS, total: 2 }),
    '/Webhook/Save': () => ({ data: { hook_id: 8 } }),
    '/Webhook/Remove': () => ({ data: null }),
    '/Webhook/Test': () => ({ data: { status: 0, ms: 10000, error: '连接超时' } }),
    '/Webhook/Deliveries': () => ({
      data: [
        { alert_id: 41, try_no: 2, status: 200, ms: 85, sent_time: '2026-11-23 08:31:06', error: '' },
        { alert_id: 41, try_no: 1, status: 0, ms: 10000, sent_time: '2026-11-23 08:30:05', error: '连接超时' },
      ],
      total: 2,
    }),
    ...routes,
  });
}

function renderPage() {
  render(
    <Providers>
      <WebhookPage />
    </Providers>,
  );
}

async function shownTable() {
  const table = await screen.findByRole('table', { name: '告警推送列表' });
  await within(table).findByText('保安部值班群');
  return table;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('告警推送', { timeout: 60_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists the hooks with format, kinds, 启用 and the last try', async () => {
    serve();
    renderPage();
    const table = await shownTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['名称', '组织', '格式', '推送地址', '告警类型', '启用', '最近发送', '操作']);
    const first = rowOf(table, '保安部值班群');
    expect(within(first).getByText('企业微信群机器人')).toBeTruthy();
    expect(within(first).getByText('疑似代打').closest('.ant-tag')).not.toBeNull();
    expect(within(first).getByText('200')).toBeTruthy();
    expect(within(rowOf(table, '总部接收')).getByText('未发送')).toBeTruthy();
    expect(within(rowOf(table, '总部接收')).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(document.body.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('saves 启用 when switched, keeping the stored secret', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    fireEvent.click(within(rowOf(table, '总部接收')).getByRole('switch'));
    await waitFor(() =>
      expect(server.callsTo('/Webhook/Save')[0]?.body).toEqual({
        hook_id: 7,
        hold_id: 2,
        name: '总部接收',
        url: ROWS[1]!.url,
        format: 'json',
        secret: '',
        kinds: [1, 4],
        enabled: true,
      }),
    );
  });

  it('adds a hook to the organisation in the tree, asking a generic JSON hook for its secret', async () => {
    const server = serve();
    renderPage();
    await shownTable();
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '夜班群' } });
    fireEvent.change(within(dialog).getByLabelText('推送地址'), { target: { value: 'https://hooks.example.com/a' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '格式' }));
    fireEvent.click(await screen.findByTitle('通用 JSON（签名）'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(webhookMessages.secretRequired)).toBeTruthy();
    expect(server.callsTo('/Webhook/Save')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('密钥'), { target: { value: 's3cret' } });
    fireEvent.click(within(dialog).getByLabelText('终端离线'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(server.callsTo('/Webhook/Save')[0]?.body).toEqual({
        hook_id: 0,
        hold_id: 2,
        name: '夜班群',
        url: 'https://hooks.example.com/a',
        format: 'json',
        secret: 's3cret',
        // Every kind but 终端离线, unticked.
        kinds: ALERT_KINDS.filter((kind) => kind !== 2),
        enabled: true,
      }),
    );
  });

  it('edits a hook with its secret left empty to keep it', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    fireEvent.click(within(rowOf(table, '总部接收')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('密钥').getAttribute('placeholder')).toBe('留空则保持不变');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.callsTo('/Webhook/Save')[0]?.body).toMatchObject({ hook_id: 7, secret: '' }));
  });

  it('tests a hook and says what came back', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    fireEvent.click(within(rowOf(table, '保安部值班群')).getByRole('button', { name: '测试' }));
    expect(await screen.findByText('测试失败：无应答，耗时 10000 ms，连接超时')).toBeTruthy();
    expect(server.callsTo('/Webhook/Test')[0]?.body).toEqual({ hook_id: 6 });
  });

  it('shows every try of a hook, 无应答 for status 0', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    fireEvent.click(within(rowOf(table, '保安部值班群')).getByRole('button', { name: '发送记录' }));
    const tries = await screen.findByRole('table', { name: '发送记录' });
    await within(tries).findByText('连接超时');
    expect(within(tries).getByText('无应答')).toBeTruthy();
    expect(server.callsTo('/Webhook/Deliveries')[0]?.body).toEqual({ hook_id: 6, PageIndex: 1, PageSize: 20 });
  });

  it('deletes a hook after a confirm', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    fireEvent.click(within(rowOf(table, '保安部值班群')).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByText('此操作将删除该告警推送信息, 是否继续?');
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.callsTo('/Webhook/Remove')[0]?.body).toEqual({ hook_ids: [6] }));
  });

  it('says 暂无推送配置 when there are none', async () => {
    serve({ '/Webhook/List': () => ({ data: [], total: 0 }) });
    renderPage();
    const table = await screen.findByRole('table', { name: '告警推送列表' });
    expect(await within(table).findByText('暂无推送配置')).toBeTruthy();
  });
});
