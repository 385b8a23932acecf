import { DEFAULT_ADMIN_PASSWORD, type Config } from './config.js';
import { ADMIN_USER_NAME, DEMO_PASSWORD } from './named-accounts.js';
import type { DeviceKey } from './security/device-key.js';

/** What the start line says; tests and tools wait for these words (heavy/support/server-process.ts). */
export const STARTED = '巡检管理平台已启动';

/**
 * DATABASE_URL as it may be printed: the password (in the URL's user part or a `password` parameter) replaced by
 * `***`; a value that cannot be read as a URL is not printed at all.
 */
export function maskDatabaseUrl(url: string): string {
  if (!url.includes('://')) {
    // libpq's key=value form: host=… password=… dbname=…
    return url.replace(/(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)/gi, '$1***');
  }
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/** What the start line says of the upload key: whether it was made now, and where it is kept (never its value). */
export type StartedKey = Pick<DeviceKey, 'generated' | 'file'>;

export interface StartFacts {
  address: string;
  config: Config;
  deviceKey: StartedKey;
  /** What the demo data step did, '' when nothing. */
  demoNote: string;
}

/**
 * The start line for the log (JSON: no password of any kind, not even the public defaults) and the lines a person
 * starting the server in a terminal reads. Neither ever holds the device key, only where it is kept.
 */
export function startBanner({ address, config, deviceKey, demoNote }: StartFacts) {
  const database = config.databaseUrl
    ? `PostgreSQL ${maskDatabaseUrl(config.databaseUrl)}`
    : `嵌入式 PGlite（${config.dataDir}/db）`;
  const human = [
    `${STARTED}：${address}`,
    `数据库：${database}`,
    `登录账号：${ADMIN_USER_NAME}` +
      (config.adminPassword ? '（密码为 ADMIN_PASSWORD）' : `  密码：${DEFAULT_ADMIN_PASSWORD}（请登录后修改）`),
  ];
  if (config.demo) {
    human.push(
      `演示数据：企业管理员 huaan、部门管理员 binjiang、主管 zhuguan、只读客户 kehu、巡检员 zhangwei 等，密码均为 ${DEMO_PASSWORD}${demoNote}`,
    );
  }
  if (deviceKey.generated) human.push(keyNote(deviceKey));
  return {
    message: `${STARTED}：${address}`,
    fields: { address, database, admin: ADMIN_USER_NAME, demo: config.demo },
    human,
  };
}

/** Where a newly made upload key is kept (its value is never printed). */
export function keyNote(deviceKey: StartedKey): string {
  return `终端上传密钥已生成，保存在 ${deviceKey.file}`;
}
