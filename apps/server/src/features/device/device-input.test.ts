import { fc } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { buildWorld, type World } from '../../test/world.js';

/**
 * QUALITY.md R2 for the device and patrol point calls: whatever arrives — wrong types, missing or extra fields,
 * `__proto__`, 100 kB strings, SQL fragments — the answer is a handled code with a non-empty Chinese message.
 */
const h = useHarness();
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
});

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant("1'; drop table device; --"),
  fc.constant('x'.repeat(100_000)),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
  fc.object({ maxDepth: 1 }),
);

const calls: { path: string; fields: string[] }[] = [
  {
    path: '/DeviceInfo/SearchDeviceList',
    fields: ['search_type', 'key', 'ContainChildren', 'HoldID', 'PageIndex', 'PageSize'],
  },
  {
    path: '/DeviceInfo/SaveDeviceInfo',
    fields: ['object_id', 'device_no', 'object_type', 'object_name', 'IMEI', 'SIM', 'ICCID', 'hold_id', 'remark'],
  },
  { path: '/DeviceInfo/RemoveDevice', fields: ['object_ids'] },
  { path: '/DeviceInfo/ImportDeviceBySNList', fields: ['HoldID', 'SNList'] },
  { path: '/DeviceInfo/ImportDeviceByExcel', fields: ['HoldID', 'FilePath'] },
  { path: '/DeviceInfo/AllocateDevice', fields: ['objectIds', 'holdId'] },
  {
    path: '/PatrolCard/SearchList',
    fields: ['search_type', 'key', 'ContainChildren', 'HoldID', 'PageIndex', 'PageSize'],
  },
  { path: '/PatrolCard/SaveInfo', fields: ['patrol_id', 'hold_id', 'patrol_sn', 'patrol_name', 'location', 'remark'] },
  { path: '/PatrolCard/RemoveInfo', fields: ['patrol_ids'] },
];

describe('any input to the device and patrol point calls', () => {
  for (const { path, fields } of calls) {
    it(`${path} answers a handled code with a message`, async () => {
      const keys = fc.constantFrom(...fields, '__proto__', 'constructor', 'hold_id', 'user_id', 'extra');
      await fc.assert(
        fc.asyncProperty(fc.dictionary(keys, junk, { maxKeys: fields.length + 2 }), async (body) => {
          const reply = await h.post(path, body, w.a.token);
          expect([200, 400, 403, 404, 409]).toContain(reply.code);
          expect(typeof reply.msg).toBe('string');
          expect(reply.msg.length).toBeGreaterThan(0);
          expect(reply.msg).not.toMatch(/undefined|select |insert |\bat \w+ \(/i);
        }),
        { numRuns: 40 },
      );
    });
  }

  it('GET calls answer a handled code for any query', async () => {
    const query = fc.dictionary(fc.constantFrom('objectId', 'patrol_id', 'hold_id', 'x'), fc.string(), { maxKeys: 3 });
    for (const path of [
      '/DeviceInfo/Detail',
      '/DeviceInfo/GetDeviceOptions',
      '/PatrolCard/GetDetail',
      '/PatrolCard/GetCardOptions',
    ]) {
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const reply = await h.get(path, q, w.a.token);
          expect([200, 400, 403, 404]).toContain(reply.code);
          expect(reply.msg.length).toBeGreaterThan(0);
        }),
        { numRuns: 30 },
      );
    }
  });
});
