import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FolderLockedError, acquireFolderLock } from './folder-lock.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'guard-tour-lock-'));

describe('one embedded database folder, one server (R9)', () => {
  it('refuses a second holder while the first lives, and lets go on release', () => {
    const dir = path.join(tempDir(), 'db');
    const release = acquireFolderLock(dir);
    expect(() => acquireFolderLock(dir)).toThrow(FolderLockedError);
    release();
    acquireFolderLock(dir)();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = path.join(tempDir(), 'db');
    writeFileSync(`${dir}.lock`, '999999999');
    const release = acquireFolderLock(dir);
    release();
  });

  // The embedded database only: the PostgreSQL pass of the suite has nothing to add here.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'makes a real second server refuse to start with a clear message',
    async () => {
      const dataDir = tempDir();
      const main = fileURLToPath(new URL('../main.ts', import.meta.url));
      const start = () =>
        spawn(process.execPath, ['--import', 'tsx', main], {
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      const first = start();
      try {
        await new Promise<void>((resolve, reject) => {
          first.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('已启动') && resolve());
          first.on('exit', (code) => reject(new Error(`first server exited with ${code}`)));
        });
        const second = start();
        let errors = '';
        second.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
        expect(code).toBe(1);
        expect(errors).toContain('已被另一个服务进程');
        expect(errors).toContain(`pid ${first.pid}`);
      } finally {
        first.kill('SIGTERM');
      }
    },
    60_000,
  );
});
