import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, webhookMessages, type AlertRow } from '@guard-tour/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { allowListOf } from '../../domain/webhook-address.js';
import { dingTalkSignedUrl, isDelivered, postWebhook, webhookBody } from './webhook-send.js';
import { deliveryIsGenuine } from '../../domain/webhook-signature.js';

const alert: AlertRow = {
  alert_id: 42,
  kind: 1,
  kind_name: '漏检',
  state: 0,
  hold_id: 7,
  hold_name: '东区物业',
  road_id: 3,
  road_name: '夜间外围',
  round_id: 99,
  device_no: 'GT-0001',
  patrol_sn: '',
  detail: '2026-01-05 22:00-23:00 漏检 2 个点：北门、车库入口',
  raised_time: '2026-01-05 23:00:30',
  handled_by: '',
  handled_time: '',
  note: '',
  true_name: '',
  lat: null,
  lng: null,
  accuracy: null,
  press_count: 1,
  responded_by: '',
  responded_time: '',
};
const local = allowListOf(['127.0.0.1']);
const nowhere = allowListOf([]);

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done).closeAllConnections())));
});

/** A receiver on 127.0.0.1 that records what reaches it and answers as `answer` says. */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse) => void = (_, res) => res.end('ok')) {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      answer(req, res);
    });
  });
  server.on('connection', () => connections++);
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, port, received, connections: () => connections };
}

describe('delivering an alert to a hook', () => {
  it('sends the generic JSON alert with its idempotency key and a signature the receiver can check', async () => {
    const hook = await receiver();
    const result = await postWebhook({ url: hook.url, format: 'json', secret: 's3cret' }, alert, {
      allow: local,
      idempotencyKey: '42',
    });
    expect(result).toMatchObject({ status: 200, error: '' });
    expect(isDelivered(result.status)).toBe(true);
    const [got] = hook.received;
    expect(got?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got?.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBe('42');
    const signature = got?.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(deliveryIsGenuine(signature, got?.body ?? '', 's3cret', Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(got?.body ?? '')).toEqual(alert);
  });

  it('sends a 企业微信 robot a text message with the alert in Chinese, unsigned', async () => {
    const hook = await receiver((_, res) => res.end('{"errcode":0}'));
    const result = await postWebhook({ url: hook.url, format: 'wecom', secret: 'ignored' }, alert, {
      allow: local,
      idempotencyKey: '42',
    });
    expect(result.status).toBe(200);
    const got = hook.received[0];
    expect(got?.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
    const message = JSON.parse(got?.body ?? '') as { msgtype: string; text: { content: string } };
    expect(message.msgtype).toBe('text');
    expect(message.text.content.split('\n')).toEqual([
      '【巡检告警】漏检',
      '组织：东区物业',
      '路线：夜间外围',
      '设备：GT-0001',
      alert.detail,
      '时间：2026-01-05 23:00:30',
    ]);
  });

  it('signs a 钉钉 robot URL the way 钉钉 checks 加签', async () => {
    const hook = await receiver();
    await postWebhook({ url: `${hook.url}?access_token=abc`, format: 'dingtalk', secret: 'SECxyz' }, alert, {
      allow: local,
      idempotencyKey: '42',
    });
    const got = hook.received[0];
    const query = new URL(got?.url ?? '', 'http://x').searchParams;
    const timestamp = query.get('timestamp') ?? '';
    expect(query.get('access_token')).toBe('abc');
    expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(60_000);
    const sign = createHmac('sha256', 'SECxyz').update(`${timestamp}\nSECxyz`).digest('base64');
    expect(query.get('sign')).toBe(sign);
    expect(got?.url).toContain(`sign=${encodeURIComponent(sign)}`);
    expect(JSON.parse(got?.body ?? '')).toEqual(JSON.parse(webhookBody('dingtalk', alert)));
    expect(JSON.parse(got?.body ?? '').msgtype).toBe('text');
  });

  it('leaves a 钉钉 URL alone without a secret', () => {
    expect(webhookBody('dingtalk', { ...alert, road_name: '', device_no: '', patrol_sn: 'C-9' })).not.toContain('路线');
    const url = new URL('https://oapi.dingtalk.com/robot/send?access_token=t');
    expect(dingTalkSignedUrl(url, 'k', 1_700_000_000_000).searchParams.get('timestamp')).toBe('1700000000000');
    expect(url.search).toBe('?access_token=t');
  });

  it('does not follow a redirect: a 302 is only its status', async () => {
    const target = await receiver();
    const hook = await receiver((_, res) => res.writeHead(302, { location: target.url }).end());
    const result = await postWebhook({ url: hook.url, format: 'json', secret: '' }, alert, {
      allow: local,
      idempotencyKey: '42',
    });
    expect(result).toMatchObject({ status: 302, error: '' });
    expect(isDelivered(result.status)).toBe(false);
    expect(target.received).toHaveLength(0);
  });

  it('reports a receiver error answer as its status', async () => {
    const hook = await receiver((_, res) => res.writeHead(500).end('x'.repeat(200_000)));
    const result = await postWebhook({ url: hook.url, format: 'json', secret: '' }, alert, {
      allow: local,
      idempotencyKey: '42',
    });
    expect(result).toMatchObject({ status: 500, error: '' });
  });

  it('gives up on a receiver that never answers', async () => {
    const hook = await receiver(() => undefined);
    const result = await postWebhook({ url: hook.url, format: 'json', secret: '' }, alert, {
      allow: local,
      idempotencyKey: '42',
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ status: 0, error: '超时（0.3 秒）' });
    expect(result.ms).toBeGreaterThanOrEqual(290);
    expect(result.ms).toBeLessThan(2_000);
  });

  it('reports a closed port as a connection failure', async () => {
    const hook = await receiver();
    servers.splice(0).forEach((server) => server.close());
    await new Promise((done) => setTimeout(done, 50));
    const result = await postWebhook({ url: hook.url, format: 'json', secret: '' }, alert, {
      allow: local,
      idempotencyKey: '42',
    });
    expect(result).toMatchObject({ status: 0, error: '连接失败：ECONNREFUSED' });
  });
});

describe('refusing a hook that points where it should not', () => {
  it('does not connect to 127.0.0.1 unless the operator allowed it', async () => {
    const hook = await receiver();
    const result = await postWebhook({ url: hook.url.replace('http:', 'https:'), format: 'json', secret: '' }, alert, {
      allow: nowhere,
      idempotencyKey: '42',
    });
    expect(result).toMatchObject({ status: 0, error: webhookMessages.privateAddress });
    expect(hook.connections()).toBe(0);
  });

  it('refuses http to a public host, file URLs and credentials without sending anything', async () => {
    for (const url of ['http://example.com/hook', 'file:///etc/passwd', 'https://user:pw@x/']) {
      const result = await postWebhook({ url, format: 'json', secret: '' }, alert, {
        allow: nowhere,
        idempotencyKey: '42',
      });
      expect(result, url).toMatchObject({ status: 0, error: webhookMessages.badUrl });
    }
  });

  it('refuses an IPv4-mapped IPv6 private address', async () => {
    for (const url of ['https://[::ffff:10.0.0.1]/hook', 'https://[::ffff:127.0.0.1]/hook']) {
      const result = await postWebhook({ url, format: 'json', secret: '' }, alert, {
        allow: nowhere,
        idempotencyKey: '42',
      });
      expect(result, url).toMatchObject({ status: 0, error: webhookMessages.privateAddress });
    }
  });

  it('refuses localhost unless the operator allowed that name', async () => {
    const hook = await receiver();
    const viaName = hook.url.replace('127.0.0.1', 'localhost');
    const refused = await postWebhook({ url: viaName.replace('http:', 'https:'), format: 'json', secret: '' }, alert, {
      allow: nowhere,
      idempotencyKey: '42',
    });
    expect(refused).toMatchObject({ status: 0, error: webhookMessages.privateAddress });
    const allowed = await postWebhook({ url: viaName, format: 'json', secret: '' }, alert, {
      allow: allowListOf(['localhost']),
      idempotencyKey: '42',
    });
    expect(allowed).toMatchObject({ status: 200, error: '' });
    expect(hook.received).toHaveLength(1);
  });

  it('says so when the host name does not resolve', async () => {
    const result = await postWebhook({ url: 'https://no-such-host.invalid/hook', format: 'json', secret: '' }, alert, {
      allow: nowhere,
      idempotencyKey: '42',
    });
    expect(result).toMatchObject({ status: 0, error: webhookMessages.unresolvable });
  });
});
