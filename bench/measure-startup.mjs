// P8: start-up to the first HTTP answer. `npm start` on an installed, built checkout (scripts/start.mjs, the same
// script) over an existing embedded database, and the very first start with demo data on a new DATA_DIR; the
// baseline is a bare Node process opening the same embedded database and answering `select 1`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { startServer } from './server.mjs';
import { summarize, timeMs } from './stats.mjs';

const OPEN_DATABASE = `
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(process.argv[1]);
  await db.query('select 1');
  await db.close();`;

export async function startup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-bench-start-'));
  try {
    const first = await startServer({ dataDir, env: { DEMO: '1' }, timeoutMs: 180_000 });
    await first.stop();
    const again = [];
    for (let i = 0; i < 3; i += 1) {
      const server = await startServer({ dataDir, env: { DEMO: '1' }, entry: 'scripts/start.mjs' });
      again.push(server.startMs);
      await server.stop();
    }
    const raw = [];
    for (let i = 0; i < 3; i += 1) {
      raw.push(
        await timeMs(() => {
          const result = spawnSync(
            process.execPath,
            ['--input-type=module', '-e', OPEN_DATABASE, path.join(dataDir, 'db')],
            {
              cwd: root,
            },
          );
          if (result.status !== 0) throw new Error(`opening PGlite failed: ${result.stderr}`);
        }),
      );
    }
    return { firstDemoMs: first.startMs, npmStartMs: summarize(again), openDatabaseMs: summarize(raw) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
