// The Debian packages the tests need: Chromium and a CJK font for the browser tests, nginx for the heavy ones (STACK.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout.includes('install ok installed');

export function ensureSystemPackages() {
  ensureDebianPackages(['chromium', 'fonts-noto-cjk'], '/usr/bin/chromium', '浏览器测试', 'npm test');
}

/**
 * Installs the missing ones of `packages` with apt-get when running as root, else exits saying what to install.
 * `binary` is a file that must exist afterwards; `purpose` and `command` name who needs them in the message.
 */
export function ensureDebianPackages(packages, binary, purpose, command) {
  const missing = packages.filter((pkg) => !has(pkg));
  if (missing.length === 0 && existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `${purpose}需要 Debian 软件包：${missing.join(' ')}。请以 root 运行 ${command}，或先执行：sudo apt-get install -y ${missing.join(' ')}`,
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
