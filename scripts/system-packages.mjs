// The Debian packages the browser tests need: Chromium and a CJK font (STACK.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout.includes('install ok installed');

export function ensureSystemPackages() {
  const missing = ['chromium', 'fonts-noto-cjk'].filter((pkg) => !has(pkg));
  if (missing.length === 0 && existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `浏览器测试需要 Debian 软件包：${missing.join(' ')}。请以 root 运行 npm test，或先执行：sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`› 安装 ${missing.join(' ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} 失败`);
      process.exit(1);
    }
  }
}
