import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, buildApp } from './app.js';
import { useHarness } from './test/harness.js';
import { fieldsOf, registeredRoutes } from './test/route-call.js';
import { tempDataDir } from './test/uploads.js';
import { populate, subtreeSnapshot } from './test/victims.js';
import { buildWorld, type World } from './test/world.js';

/**
 * QUALITY.md R10: no path escapes. Every route that names a file (found from the route table: a `/file/` path or a
 * field about a file or path) is fed the classic escapes — `../`, absolute paths, NUL, backslashes, URL-encoded and
 * double-encoded variants, aimed at real files (another account's upload, an export, /etc/passwd) — and must refuse
 * them without a byte of the file. The console's static files get the same escapes in the URL path.
 */
const dataDir = tempDataDir();
const h = useHarness({ dataDir });
let w: World;
let theirUpload = '';
let myExport = '';

/** Each route that names a file, the field that names it, and the codes a refusal of it may carry. */
const FILE_ROUTES: Record<string, { field: string; refusals: number[] }> = {
  'GET /file/download_excelfile': { field: 'fileName', refusals: [404] },
  'GET /file/download_template': { field: 'name', refusals: [400, 404] },
  'POST /DeviceInfo/ImportDeviceByExcel': { field: 'FilePath', refusals: [400, 404] },
  'POST /Roster/Import': { field: 'FilePath', refusals: [400, 404] },
};

const SECRET = 'SECRET-OUTSIDE-THE-WEB-ROOT';

/** The escapes, each built around a real file name. */
function escapesAround(name: string): string[] {
  return [
    `../${name}`,
    `../../../../../../etc/passwd`,
    `/etc/passwd`,
    `${dataDir}/uploads/${name}`,
    `${dataDir}/exports/${name}`,
    `uploads/${name}`,
    `exports/${name}`,
    `./${name}`,
    `${name}/..`,
    `..\\..\\${name}`,
    `C:\\Windows\\win.ini`,
    `\\\\server\\share\\${name}`,
    `${name}\u0000`,
    `${name}\u0000.xlsx`,
    `\u0000../${name}`,
    `..%2F..%2Fetc%2Fpasswd`,
    `%2e%2e%2f${name}`,
    `..%252F..%252Fetc%252Fpasswd`,
    `%c0%ae%c0%ae/${name}`,
    `..%5c${name}`,
    `....//....//etc/passwd`,
    `file:///etc/passwd`,
    `${name}%00`,
    `device_import/../../../etc/passwd`,
    `device_import\u0000`,
  ];
}

beforeAll(async () => {
  w = await buildWorld(h);
  // The other enterprise's upload, and an export of the caller's own punches: real files to aim at.
  theirUpload = (await populate(h, w, w.b, 1, '乙企业')).uploadPath;
  await populate(h, w, w.a, 1, '甲企业');
  myExport = (await h.post<string>('/PatrolData/ExportRecords', { time_limits: 1 }, w.a.token)).data;
  expect(myExport, 'an export to aim at').not.toBe('');
});

function isFile(response: LightMyRequestResponse): boolean {
  return String(response.headers['content-type'] ?? '').includes('spreadsheetml') || response.body.includes('root:');
}

describe('routes that name a file', () => {
  it('are all listed here (a new one must say how it refuses escapes)', () => {
    const naming = registeredRoutes(h.app).filter(
      (route) => /\/file\//i.test(route.path) || fieldsOf(route).some((field) => /file|path/i.test(field)),
    );
    expect(naming.map((r) => r.key).sort()).toEqual(Object.keys(FILE_ROUTES).sort());
  });

  for (const [key, { field, refusals }] of Object.entries(FILE_ROUTES)) {
    it(`${key} refuses every escape in ${field}, with a Chinese message and no file`, async () => {
      const [method = '', route = ''] = key.split(' ');
      const before = await subtreeSnapshot(h, w.a.holdId);
      const leaks: string[] = [];
      for (const name of [theirUpload, myExport]) {
        for (const escape of escapesAround(name)) {
          const response =
            method === 'GET'
              ? await h.app.inject({ method: 'GET', url: `${API_PREFIX}${route}`, query: { [field]: escape } })
              : await h.app.inject({
                  method: 'POST',
                  url: `${API_PREFIX}${route}`,
                  // The device import names its organisation HoldID, the roster import hold_id.
                  payload: { HoldID: w.a.holdId, hold_id: w.a.holdId, [field]: escape },
                  headers: { authorization: `Bearer ${w.a.token}` },
                });
          const body = isFile(response) ? null : (response.json() as { code: number; msg: string });
          if (!body) leaks.push(`${JSON.stringify(escape)} served a file`);
          else if (!refusals.includes(body.code) || !/[\u4e00-\u9fff]/.test(body.msg)) {
            leaks.push(`${JSON.stringify(escape)} answered ${body.code} ${body.msg}`);
          }
        }
      }
      expect(leaks).toEqual([]);
      expect(await subtreeSnapshot(h, w.a.holdId), 'an escaped import stored something').toBe(before);
    });
  }

  it('still serves the real names (the refusals are not vacuous)', async () => {
    const download = await h.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/file/download_excelfile`,
      query: { fileName: myExport },
    });
    expect(download.statusCode).toBe(200);
    const template = await h.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/file/download_template?name=device_import`,
    });
    expect(template.statusCode).toBe(200);
  });
});

describe('escapes written into the URL itself', () => {
  const RAW = [
    `${API_PREFIX}/file/download_excelfile?fileName=..%2F..%2F..%2Fetc%2Fpasswd`,
    `${API_PREFIX}/file/download_excelfile?fileName=%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
    `${API_PREFIX}/file/download_excelfile?fileName=..%252f..%252fetc%252fpasswd`,
    `${API_PREFIX}/file/download_excelfile?fileName=%00`,
    `${API_PREFIX}/file/download_excelfile?fileName=%2Fetc%2Fpasswd`,
    `${API_PREFIX}/file/download_template?name=..%2F..%2Fetc%2Fpasswd`,
    `${API_PREFIX}/file/download_template?name=device_import%00.xlsx`,
    `${API_PREFIX}/file/download_template?name=device_import&name=..%2F..`,
    `${API_PREFIX}/file/..%2F..%2F..%2Fetc%2Fpasswd`,
    `${API_PREFIX}/file/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
    `${API_PREFIX}/../../../etc/passwd`,
    `/proxyserver/docs/..%2F..%2F..%2Fetc%2Fpasswd`,
  ];

  it('answers each with a refusal in the envelope, never a file and never a 5xx', async () => {
    const leaks: string[] = [];
    for (const url of RAW) {
      const response = await h.app.inject({ method: 'GET', url });
      if (response.statusCode >= 500 || isFile(response)) {
        leaks.push(`${url}: HTTP ${response.statusCode}`);
        continue;
      }
      const body = response.json() as { code: number; msg: string };
      if (![400, 404].includes(body.code) || !/[\u4e00-\u9fff]/.test(body.msg)) {
        leaks.push(`${url}: ${body.code} ${body.msg}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe('the console’s static files', () => {
  let web: FastifyInstance;
  beforeAll(async () => {
    const root = path.join(dataDir, 'site');
    mkdirSync(path.join(root, 'web', 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'web', 'index.html'), '<!doctype html><title>巡检</title>');
    writeFileSync(path.join(root, 'web', 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'secret.txt'), SECRET);
    web = await buildApp(h.ctx, { webRoot: path.join(root, 'web') });
    await web.ready();
  });
  afterAll(async () => {
    await web?.close();
  });

  it('never serve a file above the web root, however the path is written', async () => {
    const leaks: string[] = [];
    for (const url of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/../../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/..%255c..%255csecret.txt',
      '/secret.txt%00.js',
      '//secret.txt',
      '/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt',
    ]) {
      const response = await web.inject({ method: 'GET', url });
      if (response.statusCode >= 500 || response.body.includes(SECRET)) {
        leaks.push(`${url}: HTTP ${response.statusCode} ${response.body.slice(0, 60)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect((await web.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
  });
});
