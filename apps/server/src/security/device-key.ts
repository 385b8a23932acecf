import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(24).toString('base64url');
  // Written whole under a private name, then linked into place unless a key is there already (kept from an earlier
  // start, or linked a moment ago by another server on the same shared DATA_DIR): every server reads the one key,
  // and none a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${key}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return { key, generated: true, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readFileSync(file, 'utf8').trim(), generated: false, file };
  } finally {
    rmSync(draft, { force: true });
  }
}
