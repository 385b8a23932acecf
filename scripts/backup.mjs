// npm run backup -- --out FILE: one file holding the database the environment names (DATA_DIR or DATABASE_URL),
// the uploads and the terminals' key (apps/server/src/backup). Builds the server when stale, as `npm start` does.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const cli = await import(pathToFileURL(path.join(root, 'apps/server/dist/backup/cli.js')).href);
process.exitCode = await cli.runBackup(process.argv.slice(2));
