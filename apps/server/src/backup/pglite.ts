// The embedded database's side of a backup: PGlite's own dump of its data folder, and loading one into a new
// folder, both under the folder lock a server holds (db/folder-lock.ts).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { FolderLockedError, acquireFolderLock } from '../db/folder-lock.js';
import { BackupError } from './archive.js';
import { appliedMigrations } from './migrations.js';

/** True when the folder holds a database: it exists and is not empty. */
export function hasDatabase(dbDir: string): boolean {
  return existsSync(dbDir) && readdirSync(dbDir).length > 0;
}

/** Runs `work` holding the folder's lock, as a server would; refused while a server has the folder open. */
export async function withFolderLock<T>(dbDir: string, action: string, work: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    release = await acquireFolderLock(dbDir);
  } catch (error) {
    if (error instanceof FolderLockedError) {
      throw new BackupError(`${action}前请先停止使用该目录的服务。${error.message}`);
    }
    throw error;
  }
  try {
    return await work();
  } finally {
    release();
  }
}

/** Writes PGlite's dump of `dbDir` (a gzip'd tar of its data folder) to `file`; answers the migrations applied. */
export async function dumpPglite(dbDir: string, file: string): Promise<number> {
  const client = await PGlite.create(dbDir);
  try {
    const migrations = await appliedMigrations((text) => client.query(text));
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return migrations;
  } finally {
    await client.close();
  }
}

/** Makes `dbDir` (absent or empty) from a dump and opens it once to check it; answers the migrations applied. */
export async function loadPglite(dbDir: string, file: string): Promise<number> {
  const client = await PGlite.create(dbDir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    return await appliedMigrations((text) => client.query(text));
  } finally {
    await client.close();
  }
}
