// `npm run backup -- --out FILE` and `npm run restore -- FILE` (scripts/backup.mjs, scripts/restore.mjs), and
// `node backup.js` / `node restore.js` in a release: the same environment variables as the server.
import { statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.js';
import { BackupError } from './archive.js';
import { backup, restore, targetOf, type Target } from './backup.js';

/** A file named on the command line, relative to where the command was typed (npm runs scripts at the root). */
function fileArgument(value: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD || process.cwd(), value);
}

function describeTarget(target: Target): string {
  return target.databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `嵌入式数据库 ${path.join(target.dataDir, 'db')}`;
}

async function attempt(action: string, work: () => Promise<string>): Promise<number> {
  const started = performance.now();
  try {
    const done = await work();
    console.log(`${done}，用时 ${((performance.now() - started) / 1000).toFixed(1)} 秒`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`${action}失败：${error.message}`);
      return 1;
    }
    throw error;
  }
}

export function runBackup(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const at = argv.findIndex((arg) => arg === '--out' || arg.startsWith('--out='));
  const value = at < 0 ? undefined : argv[at]!.startsWith('--out=') ? argv[at]!.slice(6) : argv[at + 1];
  if (!value) {
    console.error('用法：npm run backup -- --out 备份文件（在发布包中：node backup.js --out 备份文件）');
    return Promise.resolve(2);
  }
  const out = fileArgument(value, env);
  return attempt('备份', async () => {
    const target = targetOf(env);
    const manifest = await backup(target, out);
    const size = (statSync(out).size / 1024 / 1024).toFixed(1);
    return (
      `备份完成：${out}（${size} MB）：${describeTarget(target)}，${manifest.uploads} 个上传文件` +
      (manifest.deviceKey ? '，终端上传密钥' : '')
    );
  });
}

export function runRestore(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const value = argv.find((arg) => !arg.startsWith('-'));
  if (!value || argv.length !== 1) {
    console.error('用法：npm run restore -- 备份文件（在发布包中：node restore.js 备份文件）');
    return Promise.resolve(2);
  }
  const file = fileArgument(value, env);
  return attempt('恢复', async () => {
    const target = targetOf(env);
    const restored = await restore(target, file);
    return (
      `恢复完成：${describeTarget(target)}（备份于 ${restored.manifest.createdAt}），` +
      `${restored.uploads} 个上传文件${restored.manifest.deviceKey ? '，终端上传密钥' : ''}。现在可以启动服务`
    );
  });
}
