// npm run simulate -- --devices N --days D [--url …] [--key …]: the device simulator against a running server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const result = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/dist/simulate.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
