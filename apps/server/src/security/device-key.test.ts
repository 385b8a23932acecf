import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { resolveDeviceKey } from './device-key.js';

const configIn = (dataDir: string, key?: string) => ({
  ...readConfig({ DATA_DIR: dataDir }),
  deviceUploadKey: key,
});

describe('the terminals’ upload key', () => {
  it('is DEVICE_UPLOAD_KEY when given, and nothing is written', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'device-key-'));
    expect(resolveDeviceKey(configIn(dir, 'given-key'))).toMatchObject({ key: 'given-key', generated: false });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is made once, kept private in the data folder, and read back by the next server to start', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'device-key-'));
    const first = resolveDeviceKey(configIn(dir));
    expect(first.generated).toBe(true);
    expect(first.key).toMatch(/^[\w-]{32}$/);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(resolveDeviceKey(configIn(dir))).toMatchObject({ key: first.key, generated: false });
    expect(readdirSync(dir)).toEqual(['device-upload.key']);
  });
});
