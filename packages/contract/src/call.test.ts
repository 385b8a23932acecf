import { describe, expect, expectTypeOf, it } from 'vitest';
import { calls } from './calls/index.js';

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
