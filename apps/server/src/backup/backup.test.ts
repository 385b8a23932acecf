import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig, type Config } from '../config.js';
import type { AppContext } from '../context.js';
import { openDatabase, type Database } from '../db/client.js';
import { prepareDatabase } from '../db/startup.js';
import { fillDemo } from '../demo/demo.js';
import { queryRows } from '../db/sql.js';
import { resolveDeviceKey } from '../security/device-key.js';
import { multipartBody } from '../test/uploads.js';
import { readManifest } from './archive.js';
import { backup, restore, type Target } from './backup.js';
import { knownMigrations } from './migrations.js';

/**
 * OPERATIONS.md, Backups: an installation is backed up into one file and restored into a new one, which holds
 * every row and the uploaded file. On PGlite in a folder, or on PostgreSQL when TEST_DATABASE_URL is set (the
 * second pass of `npm test`), with pg_dump and pg_restore.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(serverUrl);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-backup-test-'));
const databases: string[] = [];

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new installation's target: a data folder, and on PostgreSQL a new empty database. */
async function newTarget(name: string): Promise<Target> {
  const dataDir = path.join(scratch, name);
  if (!serverUrl) return { dataDir, databaseUrl: undefined };
  const database = `b_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${database}`);
  databases.push(database);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { dataDir, databaseUrl: url.toString() };
}

interface Running {
  database: Database;
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The server's own code on a target: opened (and on PGlite locked) as `npm start` opens it, migrated, seeded. */
async function open(target: Target): Promise<Running> {
  const config: Config = {
    ...readConfig({ DATA_DIR: target.dataDir, ADMIN_PASSWORD: 'admin123' }),
    databaseUrl: target.databaseUrl,
    demo: false,
  };
  const database = await openDatabase(config);
  await prepareDatabase(database, config, new Date());
  const ctx: AppContext = {
    db: database.db,
    config,
    now: () => new Date(),
    deviceKey: resolveDeviceKey(config).key,
    listen: database.listen,
  };
  const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
  return {
    database,
    ctx,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function post<T>(app: FastifyInstance, url: string, body: object, token?: string) {
  const reply = await app.inject({
    method: 'POST',
    url: `/proxyserver/api${url}`,
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return reply.json<{ code: number; msg: string; data: T; total?: number }>();
}

/** Row count and a digest of every row of every table (partitions of punch included), by table. */
async function snapshot(db: Database['db']): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql.raw(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p') order by 1`,
    ),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; digest: string }>(
      db,
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest
         from ${name} t`,
      ),
    );
    result[name] = `${row?.n} rows ${row?.digest}`;
  }
  return result;
}

/** Every file under a folder with its size and modification time: what "nothing changed" is checked against. */
function listing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = statSync(file);
      return `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

async function spreadsheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('设备').addRows([
    ['设备编号', '设备名称'],
    ['SN-BACKUP-1', '东门终端'],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

let source: Target;
let running: Running;
let before: Record<string, string>;
let adminToken: string;
let uploadName: string;
let uploadBytes: Buffer;
const file = path.join(scratch, 'out', 'guard-tour.backup');

beforeAll(async () => {
  source = await newTarget('source');
  running = await open(source);
  await fillDemo(running.ctx, 2);
  adminToken = (
    await post<{ token: string }>(running.app, '/UserInfo/Login_Web', { user_name: 'admin', user_password: 'admin123' })
  ).data.token;
  uploadBytes = await spreadsheet();
  const { payload, contentType } = multipartBody([{ name: '设备.xlsx', content: uploadBytes }]);
  const uploaded = await running.app.inject({
    method: 'POST',
    url: '/proxyserver/api/UploadFiles/action',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${adminToken}` },
  });
  uploadName = uploaded.json<{ result: { imagePath: string } }>().result.imagePath;
  before = await snapshot(running.ctx.db);
});

afterAll(async () => {
  await running?.close().catch(() => {});
  for (const database of databases) await adminQuery(`drop database if exists ${database} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

describe(`backup and restore of an installation (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it.skipIf(onPostgres)('refuses to back up an embedded database while a server has it open', async () => {
    await expect(backup(source, file)).rejects.toThrow(/停止使用该目录的服务/);
    expect(existsSync(file), 'no backup file was written').toBe(false);
    await running.close();
  });

  it('backs up the database, the uploaded spreadsheet and the terminals’ key into one file', async () => {
    // PostgreSQL is backed up while the server runs (pg_dump reads one snapshot).
    const manifest = await backup(source, file);
    expect(manifest).toMatchObject({ kind: onPostgres ? 'postgres' : 'pglite', uploads: 1, deviceKey: true });
    expect(manifest.migrations).toBe(knownMigrations());
    expect(await readManifest(file)).toEqual(manifest);
    if (onPostgres) await running.close();
    await expect(backup(source, file), 'an existing backup is never overwritten').rejects.toThrow(/已存在/);
  });

  it('refuses to restore over an installation that has a database, and changes nothing', async () => {
    const files = listing(source.dataDir);
    await expect(restore(source, file)).rejects.toThrow(onPostgres ? /不是空的/ : /已有数据库/);
    expect(listing(source.dataDir)).toEqual(files);
    if (onPostgres) {
      const again = await openDatabase({ dataDir: source.dataDir, databaseUrl: source.databaseUrl });
      expect(await snapshot(again.db)).toEqual(before);
      await again.close();
    }
  });

  it('refuses a file that is not a backup, and a new folder holding another terminal key', async () => {
    const junk = path.join(scratch, 'junk.backup');
    writeFileSync(junk, 'not a backup');
    const fresh = await newTarget('refused');
    await expect(restore(fresh, junk)).rejects.toThrow(/不是巡检管理平台的备份文件/);
    expect(existsSync(fresh.dataDir), 'the refused target was not even created').toBe(false);

    const keyed = await newTarget('keyed');
    mkdirSync(keyed.dataDir, { recursive: true });
    writeFileSync(path.join(keyed.dataDir, 'device-upload.key'), 'another-installation-key\n');
    await expect(restore(keyed, file)).rejects.toThrow(/另一个终端上传密钥/);
    expect(listing(keyed.dataDir)).toEqual([expect.stringMatching(/^device-upload\.key /)]);
  });

  it('restores into a new installation every row of every table, the uploaded file and the key', async () => {
    const target = await newTarget('restored');
    const restored = await restore(target, file);
    expect(restored.uploads).toBe(1);
    expect(readFileSync(path.join(target.dataDir, 'uploads', uploadName)).equals(uploadBytes)).toBe(true);
    expect(readFileSync(path.join(target.dataDir, 'device-upload.key'), 'utf8')).toBe(
      readFileSync(path.join(source.dataDir, 'device-upload.key'), 'utf8'),
    );

    const back = await open(target);
    try {
      const after = await snapshot(back.ctx.db);
      expect(Object.keys(after).length, 'tables, punch partitions included').toBeGreaterThan(20);
      expect(Object.keys(after).some((name) => /punch_\d{6}/.test(name))).toBe(true);
      expect(after).toEqual(before);

      // The restored installation carries on: the admin's session from before the backup, and new rows.
      const checked = await back.app.inject({
        method: 'GET',
        url: '/proxyserver/api/UserInfo/checktoken',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(checked.json()).toMatchObject({ code: 200 });
      const saved = await post(back.app, '/DeviceInfo/SaveDeviceInfo', newDevice, adminToken);
      expect(saved, 'a new terminal after the restore').toMatchObject({ code: 200 });
    } finally {
      await back.close();
    }
  });
});

const newDevice = {
  object_id: 0,
  hold_id: 1,
  device_no: 'AFTER-RESTORE-1',
  object_type: 1,
  object_name: '恢复后新增终端',
  IMEI: 'AFTER-RESTORE-1',
  SIM: '',
  ICCID: '',
  remark: '',
};
