import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class FolderLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its folder and two processes on one folder corrupt it, so the server holds
 * `<dir>.lock` holding its pid. A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireFolderLock(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new FolderLockedError(
          `数据库目录 ${dir} 已被另一个服务进程（pid ${holder}）使用。嵌入式数据库只能由一个服务打开；` +
            '请先停止那个进程，或为本进程设置另一个 DATA_DIR，或使用 DATABASE_URL 连接 PostgreSQL。',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new FolderLockedError(`无法锁定数据库目录 ${dir}`);
}
