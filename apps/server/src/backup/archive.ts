// The backup file: a plain tar written and read by the system's `tar` (its database member is compressed
// already), the manifest first, so that it is read without unpacking the rest.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const MANIFEST = 'guard-tour-backup.json';
const FORMAT = 1;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Manifest {
  product: 'guard-tour';
  format: number;
  kind: DatabaseKind;
  createdAt: string;
  /** Drizzle migrations applied to the database when it was backed up. */
  migrations: number;
  /** The member holding the database: PGlite's `dumpDataDir` or `pg_dump -Fc`. */
  database: string;
  /** Files under `uploads/`. */
  uploads: number;
  /** `device-upload.key` is in the file. */
  deviceKey: boolean;
}

/** A refusal or failure with a Chinese message an operator can act on; the command exits non-zero. */
export class BackupError extends Error {}

export function newManifest(values: Omit<Manifest, 'product' | 'format'>): Manifest {
  return { product: 'guard-tour', format: FORMAT, ...values };
}

async function tar(args: string[], what: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('tar', args, { encoding: 'utf8', maxBuffer: 1 << 20 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') throw new BackupError('找不到 tar 程序：请先安装 tar');
    throw new BackupError(`${what}失败：${(failure.stderr || failure.message).trim()}`);
  }
}

/** Writes `file` from groups of members, each read relative to its own folder. */
export async function writeArchive(file: string, groups: { dir: string; members: string[] }[]): Promise<void> {
  const args = ['-cf', file];
  for (const group of groups.filter((g) => g.members.length > 0)) args.push('-C', group.dir, ...group.members);
  await tar(args, '写入备份文件');
}

/** One member's text; `tar` stops at its first occurrence, so members written first are read quickly. */
export function readMember(file: string, member: string): Promise<string> {
  return tar(['-xOf', file, '--occurrence=1', member], '读取备份文件');
}

export async function readManifest(file: string): Promise<Manifest> {
  let manifest: Partial<Manifest> | undefined;
  try {
    manifest = JSON.parse(await readMember(file, MANIFEST)) as Partial<Manifest>;
  } catch {
    manifest = undefined;
  }
  if (manifest?.product !== 'guard-tour' || (manifest.kind !== 'pglite' && manifest.kind !== 'postgres')) {
    throw new BackupError(`${file} 不是巡检管理平台的备份文件（由 npm run backup 生成）`);
  }
  if (typeof manifest.format !== 'number' || manifest.format > FORMAT) {
    throw new BackupError('备份文件的格式比本程序新：请用生成它的版本或更新的版本恢复');
  }
  return manifest as Manifest;
}

export async function unpackArchive(file: string, into: string): Promise<void> {
  await tar(['-xf', file, '-C', into, '--no-same-owner'], '解开备份文件');
}
