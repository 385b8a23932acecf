import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SCENARIOS, simulate, type Scenario } from './simulator.js';

const USAGE = `npm run simulate -- [--devices N] [--days D] [--url …] [--key …] [--user …] [--password …] [--seed S]
                    [--scenario late|silent|skewed|bunched] [--wait MINUTES]

  Without --scenario: N terminals walk every road and task over the last D days and upload their punches.
  --scenario makes one alert kind happen now, to watch it arrive (告警管理, the bell):
    late     a guard punches a round's points after its window plus grace: the round freezes with 漏检 points.
             --wait MINUTES (default 0) waits up to that long for a round still open to freeze first.
    silent   the ordinary walk, with one terminal kept silent: 终端离线 once it stays silent for the
             enterprise's offline hours (default 24, set in 告警管理).
    skewed   a terminal uploads with its clock right, then with device_time 45 minutes ahead and a punch
             20 minutes ahead of now: 时钟异常.
    bunched  one terminal punches 3 different points within 20 seconds: 疑似代打.`;

/** npm run simulate -- --devices N --days D [--scenario …]: see USAGE. */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '5' },
    days: { type: 'string', default: '1' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 8080}` },
    key: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD || 'admin123' },
    seed: { type: 'string' },
    scenario: { type: 'string' },
    wait: { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function scenario(): Scenario | undefined {
  if (values.scenario === undefined) return undefined;
  const known = SCENARIOS.find((s) => s === values.scenario);
  if (known) return known;
  console.error(`未知的场景：${values.scenario}（可选 ${SCENARIOS.join('、')}）\n\n${USAGE}`);
  process.exit(2);
}

function waitMinutes(): number {
  const minutes = Number(values.wait);
  if (Number.isFinite(minutes) && minutes >= 0) return minutes;
  console.error(`--wait 应为分钟数（0 或更大）：${values.wait}`);
  process.exit(2);
}

function deviceKey(): string {
  if (values.key) return values.key;
  if (process.env.DEVICE_UPLOAD_KEY) return process.env.DEVICE_UPLOAD_KEY;
  const file = path.join(path.resolve(process.env.DATA_DIR || './data'), 'device-upload.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`找不到终端上传密钥：请用 --key 指定，或设置 DEVICE_UPLOAD_KEY（也可读取 ${file}）`);
  }
}

// Checked before anything is sent: a typo answers with the usage, not with uploads.
const chosen = { scenario: scenario(), waitMinutes: waitMinutes() };

Promise.resolve()
  .then(() =>
    simulate({
      url: values.url.replace(/\/+$/, ''),
      key: deviceKey(),
      user: values.user,
      password: values.password,
      devices: Number(values.devices),
      days: Number(values.days),
      tz: process.env.TZ_NAME || 'Asia/Shanghai',
      seed: values.seed ? Number(values.seed) : undefined,
      ...chosen,
      log: (line) => console.log(line),
    }),
  )
  .then((report) => {
    console.log(
      `上传完成：${report.batches} 批，接收 ${report.accepted} 条，重复 ${report.duplicates} 条，拒绝 ${report.rejected} 条，重发 ${report.resent} 次`,
    );
  })
  .catch((error: unknown) => {
    console.error(`模拟失败：${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
