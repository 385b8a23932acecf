import { beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE, type Envelope } from '@guard-tour/contract';
import { API_PREFIX } from './app.js';
import { useHarness } from './test/harness.js';
import { ROUTE_TABLE, type Victim } from './test/isolation-probes.js';
import { tempDataDir } from './test/uploads.js';
import { changedTables, snapshotTables } from './test/table-snapshot.js';
import { populate } from './test/victims.js';
import { buildWorld, type World } from './test/world.js';

/**
 * QUALITY.md R1: no account ever reads or changes another organisation's data. Generated from the
 * server's own route table: every route × (a sibling enterprise, a department reaching for its parent).
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
const victims = new Map<number, Victim>();

beforeAll(async () => {
  w = await buildWorld(h);
  victims.set(w.a.holdId, await populate(h, w, w.a, 1, '甲企业'));
  victims.set(w.b.holdId, await populate(h, w, w.b, 1, '乙企业'));
  victims.set(w.a1.holdId, await populate(h, w, w.a1, w.a.holdId, '甲一部'));
});

function split(key: string): { method: string; path: string } {
  const [method = '', path = ''] = key.split(' ');
  return { method, path };
}

/**
 * Calls a route as the attacker (or the parent) would. A file the route answers with (a photo) is read as code 200
 * with the file's text as its data, so the names it might reveal are looked for in it too.
 */
async function call(key: string, input: Record<string, unknown>, token: string) {
  const { method, path } = split(key);
  if (method === 'POST') return h.post(path, input, token);
  const query = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await h.app.inject({
    method: 'GET',
    url: `${API_PREFIX}${path}?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const type = String(response.headers['content-type']);
  if (!type.startsWith('image/') && type !== XLSX_TYPE) return response.json() as Envelope<unknown>;
  return { code: 200, msg: '', data: response.body } as Envelope<unknown>;
}

describe('the isolation matrix', () => {
  it('covers every route the server registers', () => {
    const registered = h.app.apiRoutes.map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`);
    const missing = registered.filter((key) => !(key in ROUTE_TABLE));
    expect(missing, 'routes without an isolation probe in test/isolation-probes.ts').toEqual([]);
    const stale = Object.keys(ROUTE_TABLE).filter((key) => !registered.includes(key));
    expect(stale, 'probes for routes that no longer exist').toEqual([]);
  });

  const scenarios = [
    { name: 'a sibling enterprise', attacker: () => w.a, victim: () => w.b },
    { name: 'a department reaching for its parent', attacker: () => w.a1, victim: () => w.a },
    { name: 'an enterprise reaching into another enterprise’s department', attacker: () => w.b, victim: () => w.a1 },
  ];

  for (const scenario of scenarios) {
    it(`refuses ${scenario.name} on every route, and changes nothing`, async () => {
      const attacker = scenario.attacker();
      const victim = victims.get(scenario.victim().holdId)!;
      // Every row of every table (the schema's, not a list): a refused probe changes nothing anywhere.
      const before = await snapshotTables(h.ctx.db);
      const leaks: string[] = [];
      for (const [key, entry] of Object.entries(ROUTE_TABLE)) {
        if (entry.kind === 'public' || (entry.kind === 'self' && !entry.call)) continue;
        const probes = entry.kind === 'self' ? [{ input: () => ({}) }] : entry.probes;
        for (const probe of probes) {
          const reply = await call(key, probe.input(victim, victims.get(attacker.holdId)!), attacker.token);
          const text = JSON.stringify(reply.data ?? null);
          if (entry.kind === 'scoped' && ![403, 404].includes(reply.code))
            leaks.push(`${key} answered ${reply.code} ${reply.msg}`);
          for (const secret of [victim.holdName, victim.userName, victim.deviceNo, victim.cardSn]) {
            if (text.includes(secret)) leaks.push(`${key} revealed ${secret}`);
          }
        }
      }
      expect(leaks).toEqual([]);
      expect(changedTables(before, await snapshotTables(h.ctx.db)), 'rows the probes changed, by table').toEqual({});
    });
  }

  it('still lets a parent read its department (the matrix is not vacuous)', async () => {
    const victim = victims.get(w.a1.holdId)!;
    for (const [key, entry] of Object.entries(ROUTE_TABLE)) {
      if (entry.kind !== 'scoped' || (split(key).method !== 'GET' && !key.includes('List'))) continue;
      const reply = await call(key, entry.probes[0]!.input(victim, victims.get(w.a.holdId)!), w.a.token);
      expect(reply.code, `${key}: ${reply.msg}`).toBe(200);
    }
  });
});
