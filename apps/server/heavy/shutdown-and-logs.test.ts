import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, API, ConsoleClient } from './support/api.js';
import { exchange } from './support/http.js';
import { Installation, freePort } from './support/installation.js';

/**
 * OPERATIONS.md, Logs and Processes: the built server on PostgreSQL (DATABASE_URL with a password), started the way
 * an operator starts it with no DEVICE_UPLOAD_KEY. Its whole output is read: one JSON line per request, and no
 * password, token or device key anywhere (QUALITY.md R13). SIGTERM drains running requests for up to 10 s, refusing
 * new connections, ends the open alert streams, and exits 0.
 */
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const DB_PASSWORD = 'Db-secret-2026';
const WRONG_PASSWORD = 'Wrong-pass-2026';
const DRAIN_MS = 10_000;

/** The server as its own process, every byte it prints kept. */
class Server {
  output = '';
  readonly exited: Promise<number | null>;
  readonly url: string;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    const keep = (chunk: Buffer) => (this.output += chunk.toString('utf8'));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static async start(installation: Installation): Promise<Server> {
    const databaseUrl = new URL(installation.databaseUrl);
    databaseUrl.password = DB_PASSWORD; // the test cluster trusts local connections: any password will do
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: installation.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD,
        DEVICE_UPLOAD_KEY: '',
        DEMO: '0',
        LOG_LEVEL: 'info',
      },
    });
    const server = new Server(child, port);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${server.output}`)), 60_000);
      child.stdout?.on('data', () => server.output.includes('巡检管理平台已启动') && (clearTimeout(timer), resolve()));
      void server.exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${server.output}`)));
    });
    return server;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The JSON lines it logged. */
  lines(): Record<string, unknown>[] {
    return this.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  async stop(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** A request whose body is sent in two parts, the second when the test says: a request that runs as long as needed. */
function slowLogin(port: number) {
  const body = Buffer.from(JSON.stringify({ user_name: 'admin', user_password: ADMIN_PASSWORD }));
  const request = http.request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path: `${API}/UserInfo/Login_Web`,
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.subarray(0, 10));
  return { answer, finish: () => request.end(body.subarray(10)) };
}

/** An open alert stream: resolves `opened` at its first event, `ended` when the server ends it. */
function alertStream(port: number, token: string) {
  let onOpen: () => void = () => {};
  const opened = new Promise<void>((resolve) => (onOpen = resolve));
  const ended = new Promise<void>((resolve, reject) => {
    const request = http.get(
      {
        port,
        host: '127.0.0.1',
        path: `${API}/Alert/Stream`,
        agent: false,
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        response.once('data', () => onOpen());
        response.on('end', resolve);
        response.on('error', resolve);
        response.resume();
      },
    );
    request.on('error', reject);
  });
  return { opened, ended };
}

/** True when a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function untilRefused(port: number, limitMs: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await refused(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

let installation: Installation;
let server: Server;
let token = '';

beforeAll(async () => {
  installation = await Installation.create();
  server = await Server.start(installation);
});

afterAll(async () => {
  await server?.stop();
  await installation?.dispose();
});

describe('what the server prints', () => {
  it('says where the new upload key is kept, names the database without its password, and prints no secret', async () => {
    const admin = await new ConsoleClient(server.url).logIn();
    token = admin.token;
    expect((await new ConsoleClient(server.url).login('admin', WRONG_PASSWORD)).code).toBe(401);
    expect((await admin.call('GET', '/UserInfo/checktoken')).code).toBe(200);
    const keyFile = path.join(installation.dataDir, 'device-upload.key');
    const key = readFileSync(keyFile, 'utf8').trim();
    const upload = await exchange({
      method: 'POST',
      url: `${server.url}${API}/Terminal/UploadPunches`,
      headers: { authorization: `Device ${key}` },
      body: { device_no: '865000000000999', records: [] },
    });
    expect(upload.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the log lines of the last calls

    expect(server.output).toContain(`终端上传密钥已生成，保存在 ${keyFile}`);
    expect(server.output).toMatch(/PostgreSQL postgres:\/\/app:\*\*\*@127\.0\.0\.1:\d+\//);
    for (const [what, secret] of [
      ['the device key', key],
      ['a token', token],
      ['the admin password', ADMIN_PASSWORD],
      ['a wrong password', WRONG_PASSWORD],
      ['the database password', DB_PASSWORD],
    ]) {
      expect(server.output.includes(secret!), `${what} was printed`).toBe(false);
    }
  });

  it('logs one JSON line per request: route, envelope code, milliseconds, account and address', () => {
    const requests = server.lines().filter((line) => line.msg === 'request');
    const logins = requests.filter((line) => line.route === `${API}/UserInfo/Login_Web`);
    expect(logins.map(({ code, account }) => ({ code, account }))).toEqual([
      { code: 200, account: null },
      { code: 401, account: null },
    ]);
    expect(requests.find((line) => line.route === `${API}/UserInfo/checktoken`)).toMatchObject({
      method: 'GET',
      code: 200,
      status: 200,
      account: expect.any(Number),
      address: '127.0.0.1',
      ms: expect.any(Number),
    });
    // Fastify's own lines (incoming request, request completed) are off.
    expect(server.lines().filter((line) => line.req !== undefined || line.res !== undefined)).toEqual([]);
  });
});

describe('SIGTERM', () => {
  it('refuses new connections, ends the alert streams, lets a running request finish, then exits 0', async () => {
    const stream = alertStream(server.port, token);
    await stream.opened;
    const login = slowLogin(server.port);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the server has the request's headers

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await untilRefused(server.port, 5_000), 'a new connection was still accepted').toBe(true);
    await stream.ended;
    expect(server.running, 'the server waits for the running request').toBe(true);

    login.finish();
    const answer = await login.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200 });
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);
    expect(server.output).toContain('服务已停止');
  });

  it('cuts a request still running after 10 s, and exits 0 all the same', async () => {
    server = await Server.start(installation);
    const login = slowLogin(server.port);
    const cut = login.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const waited = Date.now() - signalled;
    expect(waited).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    expect(waited).toBeLessThan(DRAIN_MS + 5_000);
    expect(await cut).toBe('cut');
  });
});
