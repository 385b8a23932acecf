// npm run simulate -- --devices N --days D [--url …] [--key …]: the device simulator against a running server.
// It is a tool, not part of the server (apps/server/tools/simulator), run from its TypeScript source with tsx.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();
const result = spawnSync(
  process.execPath,
  [
    '--conditions=source',
    '--import',
    'tsx',
    path.join(root, 'apps/server/tools/simulator/main.ts'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);
