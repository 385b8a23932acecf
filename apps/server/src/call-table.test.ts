import { calls } from '@guard-tour/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as deviceService from './features/device/device.service.js';
import { useHarness } from './test/harness.js';
import { tempDataDir } from './test/uploads.js';

/**
 * The call table is the one definition of every call (ARCHITECTURE.md, The call table): the server registers
 * exactly its entries, each with the schema of its reply, and a field no schema names never leaves the server.
 */
vi.mock('./features/device/device.service.js', async (importOriginal) => {
  const real = await importOriginal<typeof deviceService>();
  return {
    ...real,
    // A service that lets slip what it must not send: the reply's schema has no such fields.
    deviceDetail: async (...args: Parameters<typeof real.deviceDetail>) => ({
      ...(await real.deviceDetail(...args)),
      password_hash: '$argon2id$leaked',
      internal_note: 'not for clients',
    }),
  };
});

const h = useHarness({ dataDir: tempDataDir() });

const entries = Object.values(calls).flatMap((area) => Object.values(area));

describe('the routes registered from the call table', () => {
  it('are every entry of the table and nothing else', () => {
    const registered = h.app.apiRoutes.map((r) => `${r.method} ${r.url}`.toLowerCase()).sort();
    const table = entries.map((one) => `${one.method} /proxyserver${one.path}`.toLowerCase()).sort();
    expect(registered).toEqual(table);
  });

  it('each have the schema of their reply', () => {
    const without = h.app.apiRoutes.filter((r) => !r.output).map((r) => `${r.method} ${r.url}`);
    expect(without, 'routes without an output schema').toEqual([]);
  });

  it('are described in OpenAPI with the data of their reply', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/proxyserver/docs/json' });
    const document = response.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    for (const one of entries) {
      const operation = document.paths[`/proxyserver${one.path}`]?.[one.method.toLowerCase()];
      const described = operation?.responses?.['200']?.content;
      expect(described, `${one.method} ${one.path}`).toBeTruthy();
      if (one.kind === 'data' || one.kind === 'list') {
        const schema = (described?.['application/json'] as { schema?: { properties?: Record<string, unknown> } })
          ?.schema;
        expect(schema?.properties?.data, `${one.method} ${one.path} describes its data`).toBeTruthy();
      }
    }
  });
});

describe('a field the reply schema does not name', () => {
  it('never reaches the client, even when a service returns it', async () => {
    const token = await h.login();
    const saved = await h.post<{ object_id: number }>(
      '/DeviceInfo/SaveDeviceInfo',
      { hold_id: 1, device_no: '865000000000999', object_name: '门岗' },
      token,
    );
    expect(saved.code).toBe(200);
    const response = await h.app.inject({
      method: 'GET',
      url: `/proxyserver/api/DeviceInfo/Detail?objectId=${saved.data.object_id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('internal_note');
    const reply = response.json() as { code: number; data: Record<string, unknown> };
    expect(reply.code).toBe(200);
    expect(reply.data.object_name).toBe('门岗');
    expect(reply.data).not.toHaveProperty('password_hash');
  });
});
