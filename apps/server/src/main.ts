import { ConfigError, DEFAULT_ADMIN_PASSWORD, readConfig } from './config.js';
import { buildApp } from './app.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { FolderLockedError } from './db/folder-lock.js';
import { prepareDatabase } from './db/prepare.js';
import { ADMIN_USER_NAME } from './db/seed/root.js';
import { resolveDeviceKey } from './security/device-key.js';
import { DEMO_PASSWORD, fillDemo, topUpDemoPunches } from './db/seed/demo/demo.js';
import { freezeEndedRounds, sweepRounds } from './features/round/round.service.js';
import { ALERT_CHANNEL, raiseMissedRounds, raiseSilentDevices } from './features/alert/alert.service.js';
import { startWebhookDeliveries } from './features/webhook/webhook-outbox.service.js';

/** How often rounds are stored and frozen without waiting for a read. */
const ROUND_SWEEP_MS = 10 * 60_000;
/**
 * How often rounds whose window's end plus grace has come are frozen, and their 漏检 alerts raised
 * (ACCOUNTABILITY.md, Timing: within 60 s).
 */
const ROUND_FREEZE_MS = 30_000;
/** How often bound terminals are checked for silence (终端离线: at least every 10 minutes). */
const OFFLINE_CHECK_MS = 5 * 60_000;

/**
 * Runs `task` every `ms` in the background, never two runs at once; a failure is logged at error level and the
 * next run tries again. Answers a function that stops it.
 */
function every(ms: number, name: string, log: (error: unknown, name: string) => void, task: () => Promise<unknown>) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => log(error, name))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  const deviceKey = resolveDeviceKey(config);
  const ctx: AppContext = {
    db: database.db,
    config,
    now: () => new Date(),
    deviceKey: deviceKey.key,
    listen: database.listen,
  };
  const { created } = await prepareDatabase(database, config, ctx.now());
  let demoNote = '';
  if (created && config.demo) {
    console.log('正在生成演示数据（60 天的巡检记录）…');
    demoNote = `，已生成 ${(await fillDemo(ctx)).punches} 条打卡记录`;
  } else if (config.demo) {
    const added = await topUpDemoPunches(ctx);
    if (added !== null) demoNote = `，本次补充 ${added} 条打卡记录`;
  }
  await sweepRounds(ctx);
  await raiseMissedRounds(ctx);
  const app = await buildApp(ctx, { logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  const logFailure = (error: unknown, name: string) => app.log.error({ err: error }, `${name} failed`);
  const timers = [
    every(ROUND_SWEEP_MS, 'round sweep', logFailure, () => sweepRounds(ctx)),
    every(ROUND_FREEZE_MS, 'round freeze', logFailure, async () => {
      await freezeEndedRounds(ctx, ctx.db);
      await raiseMissedRounds(ctx);
    }),
    every(OFFLINE_CHECK_MS, 'offline check', logFailure, () => raiseSilentDevices(ctx)),
  ];
  const stopDeliveries = await startWebhookDeliveries(
    ctx,
    (error) => logFailure(error, 'webhook delivery'),
    ALERT_CHANNEL,
  );

  const shutdown = async () => {
    for (const stop of timers) stop();
    await stopDeliveries();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const lines = [
    `巡检管理平台已启动：${address}`,
    `数据库：${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `嵌入式 PGlite（${config.dataDir}/db）`}`,
    `登录账号：${ADMIN_USER_NAME}` +
      (config.adminPassword ? '（密码为 ADMIN_PASSWORD）' : `  密码：${DEFAULT_ADMIN_PASSWORD}（请登录后修改）`),
  ];
  if (config.demo)
    lines.push(
      `演示数据：企业管理员 huaan、部门管理员 binjiang、巡检员 zhangwei 等，密码均为 ${DEMO_PASSWORD}${demoNote}`,
    );
  if (deviceKey.generated)
    lines.push(`终端上传密钥（DEVICE_UPLOAD_KEY）：${deviceKey.key}（已保存在 ${deviceKey.file}）`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof FolderLockedError) {
    console.error(`启动失败：${error.message}`);
  } else {
    console.error('启动失败：', error);
  }
  process.exit(1);
});
