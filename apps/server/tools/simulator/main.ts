import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simulate } from './simulator.js';

/** npm run simulate -- --devices N --days D [--url …] [--key …] [--user …] [--password …] */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '5' },
    days: { type: 'string', default: '1' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 8080}` },
    key: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD || 'admin123' },
    seed: { type: 'string' },
  },
});

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
