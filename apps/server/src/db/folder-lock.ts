import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class FolderLockedError extends Error {}

/** Who holds a lock: enough to tell a live holder from a dead one whose pid a new process was given. */
interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (`/proc/<pid>/stat`), null where there is no /proc. */
  started: string | null;
  /** The kernel's boot id and the pid namespace: pids and start times mean something only within both. */
  boot: string | null;
  pidNamespace: string | null;
  host: string;
  /** Names this acquisition; the heartbeat checks the lock is still its own. */
  token: string;
}

export interface FolderLockOptions {
  /**
   * A lock whose heartbeat (the lock folder's mtime) is older than this is stale: how a holder this process cannot
   * look up (in another container's pid namespace, on another host) is judged.
   */
  staleMs?: number;
  heartbeatMs?: number;
  /** Called when another process took the lock over (this one's heartbeat stopped too long); default: throw. */
  onLost?: (error: FolderLockedError) => void;
}

const STALE_MS = 20_000;
const HEARTBEAT_MS = 4_000;
const OWNER = 'owner.json';

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function startTimeOf(pid: number): string | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function self(): Holder {
  return {
    pid: process.pid,
    started: startTimeOf(process.pid),
    boot: readOrNull(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOrNull(() => readlinkSync('/proc/self/ns/pid')),
    host: os.hostname(),
    token: randomBytes(8).toString('hex'),
  };
}

function readHolder(lockPath: string): Holder | null {
  const text = readOrNull(() => readFileSync(path.join(lockPath, OWNER), 'utf8'));
  try {
    const holder = text === null ? null : (JSON.parse(text) as Holder);
    return holder && Number.isInteger(holder.pid) && typeof holder.token === 'string' ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Alive or dead when this process can look the holder up (same boot, same pid namespace): its pid must name a
 * process that started at the same tick, so our own pid in a lock left before a container restart is dead.
 * Unknown otherwise (another container or host, no /proc): the heartbeat decides.
 */
function holderState(holder: Holder, me: Holder): 'alive' | 'dead' | 'unknown' {
  if (holder.boot === null || holder.boot !== me.boot || holder.pidNamespace !== me.pidNamespace) return 'unknown';
  const started = startTimeOf(holder.pid);
  if (started !== null) return started === holder.started ? 'alive' : 'dead';
  return isAlive(holder.pid) ? 'unknown' : 'dead';
}

function heartbeatOf(lockPath: string): number | null {
  try {
    return statSync(lockPath).mtimeMs;
  } catch {
    return null;
  }
}

function lockedError(dir: string, pid: number | null): FolderLockedError {
  const who = pid === null ? '另一个服务进程' : `另一个服务进程（pid ${pid}）`;
  return new FolderLockedError(
    `数据库目录 ${dir} 已被${who}使用。嵌入式数据库只能由一个服务打开；` +
      '请先停止那个进程，或为本进程设置另一个 DATA_DIR，或使用 DATABASE_URL 连接 PostgreSQL。',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PGlite does not lock its folder and two processes on one folder corrupt it, so the server holds the folder
 * `<dir>.lock` for its whole life. It is made whole under a private name and renamed into place, which succeeds for
 * one process only; `owner.json` inside names the holder by pid, start time, boot id and pid namespace, and the
 * folder's mtime is refreshed every few seconds. A lock is taken over when its holder is known dead (a pid that now
 * names another process, ours included: PID 1 after a container restart), or when its heartbeat has stopped for
 * `staleMs` (a holder this process cannot look up). Answers the release function.
 */
export async function acquireFolderLock(dir: string, options: FolderLockOptions = {}): Promise<() => void> {
  const staleMs = options.staleMs ?? STALE_MS;
  const lockPath = `${dir}.lock`;
  const me = self();
  removeLeftovers(lockPath, 2 * staleMs);
  const draft = `${lockPath}.new-${me.token}`;
  mkdirSync(draft);
  try {
    writeFileSync(path.join(draft, OWNER), JSON.stringify(me), { mode: 0o600 });
    let watched: number | null = null;
    for (let turn = 0; turn < 50; turn++) {
      try {
        renameSync(draft, lockPath);
        return holdLock(dir, lockPath, me, options);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTDIR') {
          takeOverLegacy(dir, lockPath);
          continue;
        }
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockPath);
      const state = holder ? holderState(holder, me) : 'unknown';
      if (state === 'alive') throw lockedError(dir, holder!.pid);
      const beat = heartbeatOf(lockPath);
      if (state === 'unknown' && beat !== null && Date.now() - beat < staleMs) {
        // Watch the heartbeat: a holder that refreshes it lives; one that lets it age past staleMs is gone.
        watched ??= beat;
        if (beat !== watched) throw lockedError(dir, holder?.pid ?? null);
        await sleep(Math.min(options.heartbeatMs ?? HEARTBEAT_MS, staleMs - (Date.now() - beat)) + 10);
        continue;
      }
      takeOver(lockPath, holder?.token ?? `unnamed-${me.token}`);
      watched = null;
    }
    throw lockedError(dir, null);
  } finally {
    rmSync(draft, { recursive: true, force: true });
  }
}

/**
 * Moves a stale lock aside under a name given by its holder's token. Of two processes that judged the same lock
 * stale at once, the second one's rename fails (the first one's moved folder, never empty, is in the way), so it
 * cannot move aside the lock the first one has just put in place.
 */
function takeOver(lockPath: string, staleToken: string): void {
  const moved = `${lockPath}.stale-${staleToken}`;
  try {
    renameSync(lockPath, moved);
    // Fresh again, so that it stays in the way for as long as a racer may still try (removeLeftovers).
    const now = new Date();
    utimesSync(moved, now, now);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
}

/** A lock file of the earlier version (a file holding a pid): live unless its pid is gone or is ours. */
function takeOverLegacy(dir: string, lockPath: string): void {
  const pid = Number(readOrNull(() => readFileSync(lockPath, 'utf8')));
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw lockedError(dir, pid);
  try {
    unlinkSync(lockPath);
  } catch (error) {
    // Gone, or already replaced by another process's lock folder: the next turn looks again.
    if (!['ENOENT', 'EISDIR', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/** Locks moved aside and drafts of processes that died while starting, once they are old. */
function removeLeftovers(lockPath: string, olderThanMs: number): void {
  const folder = path.dirname(lockPath);
  const base = path.basename(lockPath);
  for (const name of readOrNull(() => readdirSync(folder).join('\n'))?.split('\n') ?? []) {
    if (!name.startsWith(`${base}.stale-`) && !name.startsWith(`${base}.new-`)) continue;
    const moved = path.join(folder, name);
    const beat = heartbeatOf(moved);
    if (beat !== null && Date.now() - beat > olderThanMs) rmSync(moved, { recursive: true, force: true });
  }
}

function holdLock(dir: string, lockPath: string, me: Holder, options: FolderLockOptions): () => void {
  const stillOurs = () => readHolder(lockPath)?.token === me.token;
  const timer = setInterval(() => {
    if (stillOurs()) {
      const now = new Date();
      utimesSync(lockPath, now, now);
      return;
    }
    clearInterval(timer);
    const lost = new FolderLockedError(
      `数据库目录 ${dir} 的锁已被另一个进程接管（本进程的心跳中断过久），为免损坏数据，本进程停止。`,
    );
    if (options.onLost) options.onLost(lost);
    else throw lost;
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (stillOurs()) rmSync(lockPath, { recursive: true, force: true });
  };
}
