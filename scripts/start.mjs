// npm start: install what is missing, build what is stale, then run the server (it migrates and seeds itself).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, serverEnvironment, serverNodeOptions } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const server = spawn(
  process.execPath,
  [...serverNodeOptions(process.env.DATABASE_URL), path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...serverEnvironment(process.env.DATABASE_URL), ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
