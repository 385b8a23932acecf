// npm run restore -- FILE: loads a backup into the database the environment names, which must be new (a DATA_DIR
// without a database, or an empty PostgreSQL database); anything else is refused and left as it was.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const cli = await import(pathToFileURL(path.join(root, 'apps/server/dist/backup/cli.js')).href);
process.exitCode = await cli.runRestore(process.argv.slice(2));
