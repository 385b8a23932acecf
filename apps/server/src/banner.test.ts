import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { maskDatabaseUrl, startBanner } from './banner.js';
import type { DeviceKey } from './security/device-key.js';

describe('the start banner (OPERATIONS.md, Logs)', () => {
  it('never shows the database password, whatever form DATABASE_URL takes', () => {
    expect(maskDatabaseUrl('postgres://app:S3cret%40x@db-host:5432/guardtour?sslmode=require')).toBe(
      'postgres://app:***@db-host:5432/guardtour?sslmode=require',
    );
    expect(maskDatabaseUrl('postgresql://app@db-host/guardtour?password=S3cret')).toBe(
      'postgresql://app@db-host/guardtour?password=***',
    );
    expect(maskDatabaseUrl("host=db-host password='S3 cret' dbname=guardtour")).toBe(
      'host=db-host password=*** dbname=guardtour',
    );
    expect(maskDatabaseUrl('postgres://app:S3 cret@db host/x')).not.toContain('S3');
    expect(maskDatabaseUrl('postgres://app@db-host/guardtour')).toBe('postgres://app@db-host/guardtour');
  });

  it('says where a new upload key is kept, never the key, and logs no password at all', () => {
    const config = readConfig({
      DATABASE_URL: 'postgres://app:Db-pass-1@db/guardtour',
      ADMIN_PASSWORD: 'Admin-pass-1',
      DATA_DIR: '/srv/guard',
    });
    // A whole key, as a caller might hand it: the banner still says only where it is kept.
    const deviceKey: DeviceKey = { key: 'the-device-key', generated: true, file: '/srv/guard/device-upload.key' };
    const banner = startBanner({
      address: 'http://127.0.0.1:8080',
      config,
      deviceKey,
      demoNote: '',
    });
    const everything = JSON.stringify(banner);
    for (const secret of ['the-device-key', 'Db-pass-1', 'Admin-pass-1']) expect(everything).not.toContain(secret);
    expect(banner.message).toBe('巡检管理平台已启动：http://127.0.0.1:8080');
    expect(banner.fields.database).toBe('PostgreSQL postgres://app:***@db/guardtour');
    expect(banner.human).toContain('终端上传密钥已生成，保存在 /srv/guard/device-upload.key');
  });

  it('keeps the public default passwords to a person at a terminal, out of the JSON line', () => {
    const banner = startBanner({
      address: 'http://127.0.0.1:8080',
      config: readConfig({ DATA_DIR: '/srv/guard' }),
      deviceKey: { generated: false, file: '/srv/guard/device-upload.key' },
      demoNote: '',
    });
    expect(banner.human.join('\n')).toContain('admin123');
    expect(JSON.stringify([banner.message, banner.fields])).not.toContain('admin123');
  });
});
