import { describe, expect, expectTypeOf, it } from 'vitest';
import { area, call, done } from './call.js';
import { calls } from './calls/index.js';
import { PERMISSION_KEYS, keysOf } from './permissions.js';

describe('the call table', () => {
  it('types an entry without auth as a bearer call, and one without input as taking nothing', () => {
    expectTypeOf(calls.device.saveDevice.auth).toEqualTypeOf<'bearer'>();
    expectTypeOf(calls.upload.downloadTemplate.auth).toEqualTypeOf<'public'>();
    expectTypeOf(calls.upload.uploadFile.input).toEqualTypeOf<undefined>();
    expect(calls.device.saveDevice.auth).toBe('bearer');
  });

  it('names every path once, under /api/', () => {
    const paths = Object.values(calls).flatMap((area) => Object.values(area).map((one) => one.path.toLowerCase()));
    expect(paths.every((path) => path.startsWith('/api/'))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('permissions on the call table', () => {
  it('names a permission from the catalogue on every bearer call, and none on the others', () => {
    for (const one of Object.values(calls).flatMap((area) => Object.values(area))) {
      if (one.auth !== 'bearer') {
        expect(one.permission, one.path).toBeUndefined();
        continue;
      }
      expect(one.permission, one.path).toBeDefined();
      for (const key of keysOf(one.permission!)) expect(PERMISSION_KEYS, one.path).toContain(key);
    }
  });

  it('refuses a bearer entry without a permission when the table is built', () => {
    expect(() => area('试验', { bare: call('GET', '/api/Test/Bare', { summary: '无权限', output: done }) })).toThrow(
      /names no permission/,
    );
  });
});
