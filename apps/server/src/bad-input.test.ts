import { readFile } from 'node:fs/promises';
import { fc } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from './test/fixtures.js';
import { problemsOf, textsIn } from './test/handled-answer.js';
import { fieldPaths, withValues } from './test/input-paths.js';
import { DEVICE_KEY, useHarness } from './test/harness.js';
import { ROUTE_TABLE, type Victim } from './test/isolation-probes.js';
import {
  NON_JSON_BODIES,
  NON_OBJECT_BODIES,
  ODD_QUERY_STRINGS,
  SQL_FRAGMENTS,
  TRAPS,
  junkQueryValue,
  junkValue,
} from './test/junk.js';
import {
  callRoute,
  contractRefuses,
  fieldsOf,
  registeredRoutes,
  type RawRequest,
  type RouteRef,
} from './test/route-call.js';
import {
  FUZZ_ACCOUNTS,
  SELF_LISTED_ROUTES,
  isDestructive,
  routeInput,
  type RouteInput,
  type Targets,
} from './test/route-inputs.js';
import { uploadOne, tempDataDir } from './test/uploads.js';
import { populate, subtreeSnapshot } from './test/victims.js';
import { PASSWORD, buildWorld, type World } from './test/world.js';

/**
 * QUALITY.md R2: bad input gets a clear Chinese message and never a 5xx or a crash. For every route the server
 * registers, starting from a valid input: extra fields (which must change nothing), missing fields, wrong values of
 * every type (100 kB strings, SQL fragments, numbers beyond any id), bodies that are not objects or not JSON, and
 * odd query strings. A refusal the contract decides must be code 400.
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
let targets: Targets;
let foreign: Victim;
let selfToken = '';

/** Runs per property and route: the whole file stays well under a minute on PGlite. */
const RUNS = { extra: 8, missing: 8, wrong: 25 } as const;
const HANDLED = [200, 400, 403, 404, 409] as const;

beforeAll(async () => {
  w = await buildWorld(h);
  // The sibling enterprise first: its objects take id 1 of every kind, which `true` becomes in an id field.
  foreign = await populate(h, w, w.b, 1, '乙企业');
  const own = await populate(h, w, w.a1, w.a.holdId, '甲一部');
  const sheet = await readFile(new URL('./features/device/fixtures/devices-libreoffice.xlsx', import.meta.url));
  const exportName = (await h.post<string>('/PatrolData/ExportRecords', { time_limits: 1 }, w.a.token)).data;
  expect(exportName, 'an export to download').not.toBe('');
  // The caller's own upload: an import names only files its own account uploaded.
  targets = { own: { ...own, uploadPath: await uploadOne(h, w.a.token, 'mine.xlsx', sheet) }, exportName };
  for (const userName of Object.values(FUZZ_ACCOUNTS)) {
    await insertAccount(h.ctx.db, { userName, password: PASSWORD, holdId: w.a1.holdId });
  }
  selfToken = await h.login({ user_name: FUZZ_ACCOUNTS.self, user_password: PASSWORD });
});

async function headersFor(how: RouteInput): Promise<Record<string, string>> {
  switch (how.caller) {
    case 'admin':
      return { authorization: `Bearer ${w.a.token}` };
    case 'self':
      return { authorization: `Bearer ${selfToken}` };
    case 'ending-session':
      return { authorization: `Bearer ${await h.login({ user_name: FUZZ_ACCOUNTS.leaver, user_password: PASSWORD })}` };
    case 'device':
      return { authorization: `Device ${DEVICE_KEY}` };
    case 'nobody':
      return {};
  }
}

/** Calls a route and lists what is wrong with its answer, each problem naming the route and the input. */
/**
 * Texts the suite has sent so far that read like programming values (`NaN`, `undefined`, …) or SQL (the fragments of
 * test/junk.ts): an answer may name what an earlier call stored (a road a property test saved as "NaN" is listed by a
 * later refusal as 「NaN」, a task saved as `') UNION SELECT …` by 无法删除，「篡改」仍有巡检任务：…), and that is the
 * person's own text. Only such whole texts are let through, so no real leak hides behind them.
 */
const sentTexts = new Set<string>();
const LOOKS_LIKE_A_VALUE = /^(?:nan|undefined|null|infinity|-infinity|true|false|\[object object\])$/i;
const isRemembered = (text: string) =>
  LOOKS_LIKE_A_VALUE.test(text.trim()) || (SQL_FRAGMENTS as readonly string[]).includes(text);

async function problems(route: RouteRef, how: RouteInput, request: RawRequest, refused: boolean): Promise<string[]> {
  const sent = textsIn(request.input ?? request.payload ?? request.rawQuery);
  for (const text of sent) if (isRemembered(text)) sentTexts.add(text.trim());
  const response = await callRoute(h, route, await headersFor(how), request);
  const found = problemsOf(response, {
    reply: how.reply,
    allowed: [...HANDLED, ...how.alsoAllowed],
    refused,
    // Named as messages name things: 「NaN」, or in a list after ： or 、.
    echoes: [...sent, ...[...sentTexts].flatMap((text) => [`「${text}」`, `：${text}`, `、${text}`])],
  });
  return found.map((problem) => `${route.key} with ${shown(request)}: ${problem}`);
}

/** Fails with every problem on a line of its own. */
function expectNone(found: string[]): void {
  expect(found.join('\n'), 'answers a person would not accept').toBe('');
}

/** An input as a failure message shows it: long texts cut short. */
function shown(request: RawRequest): string {
  const cut = (text: string, max = 80) =>
    text.length > max ? `${text.slice(0, max / 2)}…(${text.length} characters)` : text;
  if (request.rawQuery !== undefined) return `query ${cut(request.rawQuery)}`;
  if (request.payload !== undefined) return `${request.contentType} body ${cut(JSON.stringify(request.payload))}`;
  const text = JSON.stringify(request.input, (_key, value: unknown) =>
    typeof value === 'string' ? cut(value) : value,
  );
  return cut(text, 600);
}

/** Fields no call takes from a client: whatever they say, nothing may change. */
function hostileFields(): Record<string, unknown> {
  return Object.fromEntries<unknown>([
    ['hold_id', foreign.holdId],
    ['user_id', foreign.userId],
    ['parent_hold_id', foreign.holdId],
    ['object_id', foreign.deviceId],
    ['patrol_id', foreign.cardId],
    ['road_id', foreign.roadId],
    ['task_id', foreign.taskId],
    ['create_time', '2000-01-01 00:00:00'],
    ['deleted_at', '2000-01-01 00:00:00'],
    ['path', '/'],
    ['password_hash', '$argon2id$v=19$forged'],
    ['hold_type', 1],
    ['vip_end_time', '2099-12-31'],
    ['status', 4],
    ['enter_user_id', foreign.userId],
    ['__proto__', { isAdmin: true }],
    ['constructor', { prototype: { isAdmin: true } }],
  ]);
}

/** The hostile fields a route does not take. */
function extrasFor(route: RouteRef, valid: Record<string, unknown>): Record<string, unknown> {
  const known = new Set([...fieldsOf(route), ...Object.keys(valid)]);
  return Object.fromEntries(Object.entries(hostileFields()).filter(([name]) => !known.has(name)));
}

function withExtras(valid: Record<string, unknown>, extras: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries([...Object.entries(valid), ...extras]);
}

function routeOf(key: string): RouteRef {
  const route = registeredRoutes(h.app).find((r) => r.key === key);
  if (!route) throw new Error(`${key} is not registered`);
  return route;
}

describe('the bad-input tests', () => {
  it('know a valid input for every route the server registers, and each passes its contract', () => {
    const routes = registeredRoutes(h.app);
    expect(
      routes.filter((r) => !routeInput(r.key)).map((r) => r.key),
      'routes without a valid input (test/route-inputs.ts)',
    ).toEqual([]);
    expect(
      routes.filter((r) => contractRefuses(r, routeInput(r.key)!.valid(targets))).map((r) => r.key),
      'valid inputs the contract refuses',
    ).toEqual([]);
    const keys = new Set(routes.map((r) => r.key));
    expect(
      SELF_LISTED_ROUTES.filter((key) => !keys.has(key)),
      'valid inputs for routes that no longer exist',
    ).toEqual([]);
  });
});

/** The save calls: the id field naming the object an edit changes, and the field naming its organisation. */
const SAVES: Record<string, { id: string; organisation: string }> = {
  'POST /HoldInfo/SaveHoldInfo': { id: 'hold_id', organisation: 'parent_hold_id' },
  'POST /HoldInfo/SaveAccount': { id: 'user_id', organisation: 'hold_id' },
  'POST /DeviceInfo/SaveDeviceInfo': { id: 'object_id', organisation: 'hold_id' },
  'POST /PatrolCard/SaveInfo': { id: 'patrol_id', organisation: 'hold_id' },
  'POST /PatrolRoad/SaveRoadInfo': { id: 'road_id', organisation: 'hold_id' },
  'POST /RoadInfo/SaveRoadInfoNew': { id: 'road_id', organisation: 'hold_id' },
  'POST /RoadTask/SaveRoadTask': { id: 'task_id', organisation: 'hold_id' },
  'POST /Webhook/Save': { id: 'hook_id', organisation: 'hold_id' },
  'POST /Role/Save': { id: 'role_id', organisation: 'hold_id' },
  'POST /Digest/Save': { id: 'digest_id', organisation: 'hold_id' },
  'POST /Checklist/Save': { id: 'checklist_id', organisation: 'hold_id' },
  'POST /Shift/Save': { id: 'shift_id', organisation: 'hold_id' },
  // The roster has no object id: its edits name the organisation whose grid they change.
  'POST /Roster/Save': { id: 'hold_id', organisation: 'hold_id' },
};

/**
 * Edits of the caller's own objects: the isolation probes of a save call aimed at the caller's department, those
 * that name an existing object. Without a password, which the edit then keeps (a new hash differs on every save).
 */
function editsOf(key: string): Record<string, unknown>[] {
  const entry = ROUTE_TABLE[key];
  if (entry?.kind !== 'scoped') throw new Error(`${key} has no probes`);
  const edits = entry.probes
    .map((probe) => probe.input(targets.own, targets.own))
    .filter((input) => Number(input[SAVES[key]!.id]) > 0)
    .map(({ user_password: _password, ...plain }) => plain);
  expect(edits.length, `${key}: an edit of an existing object`).toBeGreaterThan(0);
  return edits;
}

/** Both enterprises' rows, to compare before and after. */
async function bothSnapshots(): Promise<string[]> {
  return [await subtreeSnapshot(h, w.a.holdId), await subtreeSnapshot(h, foreign.holdId)];
}

describe('mass assignment', () => {
  const headers = () => ({ authorization: `Bearer ${w.a.token}` });

  it('covers every save call', () => {
    const saves = registeredRoutes(h.app).filter((r) => /\/Save\w*$/.test(r.path));
    expect(saves.map((r) => r.key).filter((key) => !(key in SAVES))).toEqual([]);
  });

  for (const key of Object.keys(SAVES)) {
    it(`${key}: an edit with hold_id, user_id, create_time, __proto__ … stores what the plain edit stores`, async () => {
      const route = routeOf(key);
      for (const plain of editsOf(key)) {
        const first = await callRoute(h, route, headers(), { input: plain });
        expect(first.json(), `${key} with ${JSON.stringify(plain)}`).toMatchObject({ code: 200 });
        const before = await bothSnapshots();
        const extras = extrasFor(route, plain);
        const hostile = await callRoute(h, route, headers(), { input: { ...plain, ...extras } });
        expect(hostile.json(), `${key} with extras ${Object.keys(extras).join(', ')}`).toEqual(first.json());
        expect(await bothSnapshots(), `${key}: stored rows after the extras`).toEqual(before);
        expect(({} as Record<string, unknown>).isAdmin, 'Object.prototype polluted').toBeUndefined();
      }
    });

    it(`${key}: an edit that moves the object into another enterprise is refused and changes nothing`, async () => {
      const route = routeOf(key);
      const { organisation } = SAVES[key]!;
      for (const plain of editsOf(key)) {
        const before = await bothSnapshots();
        const moved = await callRoute(h, route, headers(), { input: { ...plain, [organisation]: foreign.holdId } });
        const reply = moved.json() as { code: number; msg: string };
        expect([403, 404], `${key} with ${organisation} of the other enterprise: ${reply.msg}`).toContain(reply.code);
        expect(await bothSnapshots(), `${key}: stored rows after the move`).toEqual(before);
      }
    });
  }
});

/** Every route, the destructive ones last so that the others still find their objects. */
const ROUTE_KEYS = Object.keys(ROUTE_TABLE)
  .filter((key) => routeInput(key)?.reply !== 'stream')
  .sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)));

for (const key of ROUTE_KEYS) {
  describe(key, () => {
    let route: RouteRef;
    let how: RouteInput;
    let valid: Record<string, unknown>;
    let fields: string[];
    beforeAll(() => {
      route = routeOf(key);
      how = routeInput(key)!;
      valid = how.valid(targets);
      fields = fieldPaths(fieldsOf(route), valid);
    });

    it('answers the same with extra fields as without them', async () => {
      const first = await callRoute(h, route, await headersFor(how), { input: valid });
      const again = await callRoute(h, route, await headersFor(how), { input: valid });
      const repeatable = first.body === again.body && first.statusCode === again.statusCode;
      const names = Object.entries(extrasFor(route, valid));
      await fc.assert(
        fc.asyncProperty(fc.subarray(names, { minLength: 1 }), fc.option(junkValue), async (extras, junk) => {
          // One extra may carry a junk value (100 kB at most: eleven of them would pass the body limit).
          const chosen = extras.map(([name, value], i): [string, unknown] => [name, i === 0 && junk ? junk : value]);
          const input = withExtras(valid, chosen);
          expectNone(await problems(route, how, { input }, false));
          if (repeatable) {
            const response = await callRoute(h, route, await headersFor(how), { input });
            expect(response.body, `${key}: extra ${chosen.map(([n]) => n).join(', ')} changed the answer`).toBe(
              first.body,
            );
          }
        }),
        { numRuns: RUNS.extra },
      );
    });

    it('answers missing fields with a handled code, 400 where the contract needs them', async () => {
      const present = Object.keys(valid);
      if (present.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.subarray(present, { minLength: 1 }), async (missing) => {
          const input = Object.fromEntries(Object.entries(valid).filter(([name]) => !missing.includes(name)));
          expectNone(await problems(route, how, { input }, contractRefuses(route, input)));
        }),
        { numRuns: RUNS.missing },
      );
    });

    it('answers the known traps in every field: NUL, 2³¹, 1e21, true, impossible dates', async () => {
      const found: string[] = [];
      for (const field of fields) {
        for (const value of TRAPS) {
          const input = withValues(valid, [[field, value]]);
          found.push(...(await problems(route, how, { input }, contractRefuses(route, input))));
        }
      }
      expectNone(found);
    });

    it('answers wrong values of any type with a handled code and a Chinese message', async () => {
      if (fields.length === 0) return;
      const values = route.method === 'GET' ? junkQueryValue : junkValue;
      const changes = fc.uniqueArray(fc.tuple(fc.constantFrom(...fields), values), {
        selector: ([name]) => name,
        minLength: 1,
        maxLength: 3,
      });
      await fc.assert(
        fc.asyncProperty(changes, async (changed) => {
          const input = withValues(valid, changed);
          expectNone(await problems(route, how, { input }, contractRefuses(route, input)));
        }),
        { numRuns: RUNS.wrong },
      );
    });

    it('refuses what is not a JSON object, and odd query strings, with a handled answer', async () => {
      const found: string[] = [];
      if (route.method === 'GET') {
        for (const rawQuery of ODD_QUERY_STRINGS) found.push(...(await problems(route, how, { rawQuery }, false)));
      } else {
        for (const input of NON_OBJECT_BODIES) {
          found.push(...(await problems(route, how, { input }, contractRefuses(route, input))));
        }
        for (const body of NON_JSON_BODIES) {
          found.push(...(await problems(route, how, body, how.reply !== 'upload')));
        }
      }
      expectNone(found);
    });
  });
}
