import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';

export interface DeviceKey {
  key: string;
  /** Made just now (and kept in `file`), rather than given or read back. */
  generated: boolean;
  file: string;
}

/** The terminals' upload key: `DEVICE_UPLOAD_KEY`, else the one kept in DATA_DIR, else a new random one kept there. */
export function resolveDeviceKey(config: Config): DeviceKey {
  const file = path.join(config.dataDir, 'device-upload.key');
  if (config.deviceUploadKey) return { key: config.deviceUploadKey, generated: false, file };
  if (existsSync(file)) return { key: readFileSync(file, 'utf8').trim(), generated: false, file };
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(24).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return { key, generated: true, file };
}
