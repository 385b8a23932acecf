import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { FolderLockedError, acquireFolderLock } from './folder-lock.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'guard-tour-lock-'));
const hasProc = existsSync('/proc/self/stat');
const boot = hasProc ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null;
const pidNamespace = hasProc ? readlinkSync('/proc/self/ns/pid') : null;

/** A lock left as another process would leave it, its heartbeat `ageMs` old. */
function leaveLock(dir: string, holder: Record<string, unknown>, ageMs = 0): void {
  const lock = `${dir}.lock`;
  mkdirSync(lock);
  writeFileSync(path.join(lock, 'owner.json'), JSON.stringify({ host: os.hostname(), token: 'left', ...holder }));
  const beat = new Date(Date.now() - ageMs);
  utimesSync(lock, beat, beat);
}

describe('one embedded database folder, one server (R9)', () => {
  it('refuses a second holder while the first lives, and lets go on release', async () => {
    const dir = path.join(tempDir(), 'db');
    const release = await acquireFolderLock(dir);
    await expect(acquireFolderLock(dir)).rejects.toThrow(FolderLockedError);
    await expect(acquireFolderLock(dir)).rejects.toThrow(`pid ${process.pid}`);
    release();
    (await acquireFolderLock(dir))();
  });

  it('takes over a lock file of the earlier version left by a process that is gone, or holding our own pid', async () => {
    for (const pid of [999_999_999, process.pid]) {
      const dir = path.join(tempDir(), 'db');
      writeFileSync(`${dir}.lock`, String(pid));
      (await acquireFolderLock(dir))();
    }
  });

  it.runIf(hasProc)(
    'takes over at once a lock naming our own pid from before a restart (PID 1 in a container)',
    async () => {
      const dir = path.join(tempDir(), 'db');
      // The same pid, boot and namespace, but another start time: the process that wrote it is gone.
      leaveLock(dir, { pid: process.pid, started: '1', boot, pidNamespace });
      // Judged by its heartbeat instead, it would be taken after ten minutes: the test's timeout would fail first.
      const release = await acquireFolderLock(dir, { staleMs: 600_000 });
      expect(JSON.parse(readFileSync(`${dir}.lock/owner.json`, 'utf8')).token).not.toBe('left');
      release();
    },
  );

  it.runIf(hasProc)('refuses a lock whose holder on this machine still runs', async () => {
    const dir = path.join(tempDir(), 'db');
    const parent = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const started = parent.slice(parent.lastIndexOf(')') + 2).split(' ')[19];
    leaveLock(dir, { pid: process.ppid, started, boot, pidNamespace }, 3_600_000);
    await expect(acquireFolderLock(dir)).rejects.toThrow(`pid ${process.ppid}`);
  });

  it('judges a holder it cannot look up (another container or host) by its heartbeat', async () => {
    const elsewhere = { pid: 1, started: '5', boot: 'another-boot', pidNamespace: 'pid:[1]' };
    // Stopped long ago: taken at once.
    const old = path.join(tempDir(), 'db');
    leaveLock(old, elsewhere, 60_000);
    (await acquireFolderLock(old, { staleMs: 30_000 }))();

    // Fresh but never refreshed again: taken once the heartbeat is staleMs old.
    const silent = path.join(tempDir(), 'db');
    leaveLock(silent, elsewhere);
    const started = Date.now();
    (await acquireFolderLock(silent, { staleMs: 600, heartbeatMs: 100 }))();
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);

    // Refreshed while we watch: alive, refused.
    const beating = path.join(tempDir(), 'db');
    leaveLock(beating, elsewhere);
    const heart = setInterval(() => utimesSync(`${beating}.lock`, new Date(), new Date()), 50);
    try {
      await expect(acquireFolderLock(beating, { staleMs: 2_000, heartbeatMs: 200 })).rejects.toThrow(FolderLockedError);
    } finally {
      clearInterval(heart);
    }
  });

  it('tells the holder when its lock was taken over, and leaves the new holder’s lock alone', async () => {
    const dir = path.join(tempDir(), 'db');
    const onLost = vi.fn();
    const release = await acquireFolderLock(dir, { heartbeatMs: 50, onLost });
    writeFileSync(`${dir}.lock/owner.json`, JSON.stringify({ pid: 1, token: 'usurper' }));
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledOnce());
    expect(onLost.mock.calls[0]?.[0]).toBeInstanceOf(FolderLockedError);
    release();
    expect(existsSync(`${dir}.lock/owner.json`)).toBe(true);
  });

  // The embedded database only: the PostgreSQL pass of the suite has nothing to add here.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'makes a real second server refuse to start with a clear message, and a killed one’s lock no obstacle',
    async () => {
      const dataDir = tempDir();
      const main = fileURLToPath(new URL('../main.ts', import.meta.url));
      const start = () =>
        spawn(process.execPath, ['--import', 'tsx', main], {
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO: '0', DATABASE_URL: '', LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      const listening = (server: ReturnType<typeof start>) =>
        new Promise<void>((resolve, reject) => {
          server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('巡检管理平台已启动') && resolve());
          server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
        });
      const first = start();
      let third: ReturnType<typeof start> | undefined;
      try {
        await listening(first);
        const second = start();
        let errors = '';
        second.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
        expect(code).toBe(1);
        expect(errors).toContain('已被另一个服务进程');
        expect(errors).toContain(`pid ${first.pid}`);

        // kill -9 leaves the lock behind; its pid is gone, so the next server starts at once.
        first.kill('SIGKILL');
        await new Promise((resolve) => first.once('exit', resolve));
        third = start();
        await listening(third);
      } finally {
        first.kill('SIGTERM');
        third?.kill('SIGTERM');
      }
    },
    90_000,
  );
});
