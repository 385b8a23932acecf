import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the server's entry until it exits; answers its exit code and everything it printed. */
function startFailing(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'guard-tour-serve-')), PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

// The start's failures print no database connection, so the PostgreSQL pass has nothing to add.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a start that fails (OPERATIONS.md, Logs)', () => {
  it('says why in Chinese and prints no secret of the environment, even when the driver quotes them', () => {
    const { code, output } = startFailing({
      DATABASE_URL: 'postgres://app:Sup3r-db-secret@127.0.0.1:1/guardtour',
      ADMIN_PASSWORD: 'Adm1n-secret',
      DEVICE_UPLOAD_KEY: 'Dev1ce-key-secret',
      LOG_LEVEL: 'warn',
    });
    expect(code).toBe(1);
    expect(output).toContain('启动失败');
    expect(output).toMatch(/"level":60/);
    for (const secret of ['Sup3r-db-secret', 'Adm1n-secret', 'Dev1ce-key-secret']) expect(output).not.toContain(secret);
  });

  it('refuses an unknown LOG_LEVEL with a plain message', () => {
    const { code, output } = startFailing({ LOG_LEVEL: 'chatty', DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(output).toContain('启动失败：LOG_LEVEL 无效（chatty）');
  });
});
