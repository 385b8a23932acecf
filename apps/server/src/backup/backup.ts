// Backup and restore of an installation (OPERATIONS.md, Backups): the database the environment names, the
// uploaded spreadsheets (`DATA_DIR/uploads`) and the terminals' upload key (`DATA_DIR/device-upload.key`, which
// belongs to the installation: terminals keep sending it). Exports (`DATA_DIR/exports`) live an hour and are left out.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { readConfig } from '../config.js';
import {
  BackupError,
  MANIFEST,
  newManifest,
  readManifest,
  readMember,
  unpackArchive,
  writeArchive,
  type Manifest,
} from './archive.js';
import { knownMigrations } from './migrations.js';
import { dumpPglite, hasDatabase, loadPglite, withFolderLock } from './pglite.js';
import { dumpPostgres, restorePostgres, tablesIn } from './postgres.js';

export interface Target {
  dataDir: string;
  /** PostgreSQL; undefined means PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
}

const KEY = 'device-upload.key';
const UPLOADS = 'uploads';

/** The database and data folder the environment names, read as the server reads them (config.ts). */
export function targetOf(env: NodeJS.ProcessEnv = process.env): Target {
  // The first admin's password, which the server needs beside DATABASE_URL, plays no part in copying a database.
  const config = readConfig({ ...env, ADMIN_PASSWORD: env.ADMIN_PASSWORD || 'unused-by-backup' });
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
}

const dbDirOf = (target: Target) => path.join(target.dataDir, 'db');

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** Writes one backup file of the target to `out` (which must not exist yet). */
export async function backup(target: Target, out: string, now = new Date()): Promise<Manifest> {
  if (existsSync(out)) throw new BackupError(`备份文件已存在：${out}。请换一个文件名，或先移走它`);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  const dbDir = dbDirOf(target);
  if (kind === 'pglite' && !hasDatabase(dbDir)) {
    throw new BackupError(`没有可备份的数据库：${dbDir} 不存在或为空（DATA_DIR 是否正确？）`);
  }
  mkdirSync(path.dirname(out), { recursive: true });
  const stage = mkdtempSync(path.join(path.dirname(out), '.guard-tour-backup-'));
  const partial = `${out}.partial`;
  const database = kind === 'pglite' ? 'database.tar.gz' : 'database.pgdump';
  const write = async () => {
    const migrations =
      kind === 'pglite'
        ? await dumpPglite(dbDir, path.join(stage, database))
        : await dumpPostgres(target.databaseUrl!, path.join(stage, database));
    const hasKey = existsSync(path.join(target.dataDir, KEY));
    const hasUploads = existsSync(path.join(target.dataDir, UPLOADS));
    const manifest = newManifest({
      kind,
      createdAt: now.toISOString(),
      migrations,
      database,
      uploads: countFiles(path.join(target.dataDir, UPLOADS)),
      deviceKey: hasKey,
    });
    writeFileSync(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    // Manifest and key first: a restore reads them before deciding anything, without unpacking the rest.
    await writeArchive(partial, [
      { dir: stage, members: [MANIFEST] },
      { dir: target.dataDir, members: hasKey ? [KEY] : [] },
      { dir: stage, members: [database] },
      { dir: target.dataDir, members: hasUploads ? [UPLOADS] : [] },
    ]);
    // It holds the terminals' key and the accounts' password hashes: for its owner only.
    chmodSync(partial, 0o600);
    renameSync(partial, out);
    return manifest;
  };
  try {
    // The embedded folder stays locked throughout, so no server writes the database or the uploads meanwhile.
    return kind === 'pglite' ? await withFolderLock(dbDir, '备份', write) : await write();
  } finally {
    rmSync(stage, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

export interface Restored {
  manifest: Manifest;
  uploads: number;
}

/**
 * Loads a backup file into the target, which must be new: a DATA_DIR without a database, or a PostgreSQL database
 * without tables. Every refusal comes before anything is written.
 */
export async function restore(target: Target, file: string): Promise<Restored> {
  if (!existsSync(file)) throw new BackupError(`找不到备份文件：${file}`);
  const manifest = await readManifest(file);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== kind) {
    throw new BackupError(
      manifest.kind === 'pglite'
        ? '这份备份来自嵌入式数据库：请不设 DATABASE_URL，恢复到一个新的 DATA_DIR'
        : '这份备份来自 PostgreSQL：请用 DATABASE_URL 指向一个新建的空数据库再恢复',
    );
  }
  const known = knownMigrations();
  if (manifest.migrations > known) {
    throw new BackupError(
      `这份备份来自更新的版本（数据库迁移 ${manifest.migrations} 个，本程序只有 ${known} 个）：请先升级程序再恢复`,
    );
  }
  await refuseOtherKey(target, file, manifest);
  if (kind === 'postgres') {
    const tables = await tablesIn(target.databaseUrl!);
    if (tables > 0) {
      throw new BackupError(
        `目标数据库不是空的（已有 ${tables} 张表）：恢复只写入新建的空数据库，请换一个数据库（createdb）再恢复`,
      );
    }
    mkdirSync(target.dataDir, { recursive: true });
    return load(target, file, manifest);
  }
  const dbDir = dbDirOf(target);
  if (hasDatabase(dbDir)) throw refuseExisting(dbDir);
  mkdirSync(target.dataDir, { recursive: true });
  return withFolderLock(dbDir, '恢复', async () => {
    // Checked again under the lock: a server may have made the database a moment ago.
    if (hasDatabase(dbDir)) throw refuseExisting(dbDir);
    return load(target, file, manifest);
  });
}

function refuseExisting(dbDir: string): BackupError {
  return new BackupError(`目标 DATA_DIR 已有数据库（${dbDir}）：恢复只写入新的 DATA_DIR，请换一个空目录，或先把它移走`);
}

/** The terminals' key in the target, when there is one, must be the backup's own: terminals send only one. */
async function refuseOtherKey(target: Target, file: string, manifest: Manifest): Promise<void> {
  const keyFile = path.join(target.dataDir, KEY);
  if (!manifest.deviceKey || !existsSync(keyFile)) return;
  const theirs = (await readMember(file, KEY)).trim();
  if (readFileSync(keyFile, 'utf8').trim() !== theirs) {
    throw new BackupError(`目标 DATA_DIR 已有另一个终端上传密钥（${keyFile}），与备份中的不同：请先把它移走`);
  }
}

async function load(target: Target, file: string, manifest: Manifest): Promise<Restored> {
  const stage = mkdtempSync(path.join(target.dataDir, '.restore-'));
  try {
    await unpackArchive(file, stage);
    const dump = path.join(stage, manifest.database);
    if (manifest.kind === 'postgres') {
      await restorePostgres(target.databaseUrl!, dump);
    } else {
      const dbDir = dbDirOf(target);
      const existed = existsSync(dbDir);
      try {
        await loadPglite(dbDir, dump);
      } catch (error) {
        rmSync(dbDir, { recursive: true, force: true });
        if (existed) mkdirSync(dbDir);
        throw new BackupError(`载入数据库失败：${(error as Error).message}`);
      }
    }
    // Upload names are random (128 bits): a file already there is the same file, and is kept.
    const uploads = path.join(stage, UPLOADS);
    if (existsSync(uploads)) {
      cpSync(uploads, path.join(target.dataDir, UPLOADS), { recursive: true, force: false });
    }
    const key = path.join(stage, KEY);
    if (existsSync(key) && !existsSync(path.join(target.dataDir, KEY))) {
      cpSync(key, path.join(target.dataDir, KEY));
    }
    return { manifest, uploads: countFiles(uploads) };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
