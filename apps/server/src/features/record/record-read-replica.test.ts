import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { punchExportInput, recordExportInput, type CardTotalRow, type PunchRow } from '@guard-tour/contract';
import { setReader, type Database } from '../../db/client.js';
import { prepareDatabase } from '../../db/startup.js';
import { Scope } from '../scope.js';
import { useHarness } from '../../test/harness.js';
import { buildPunchWorld, type PunchWorld } from '../../test/record-punches.js';
import { freshDatabase } from '../../test/test-database.js';
import { tempDataDir } from '../../test/uploads.js';
import { resolveCaller } from '../auth/auth.service.js';
import { exportCardTotals, exportPunches } from './record-export.service.js';

/**
 * DATABASE_READ_URL (OPERATIONS.md, PostgreSQL high availability): exports and statistics read from the standby,
 * lists from the leader. The "standby" here is a second database with the schema and none of the punches, as a
 * standby that has not caught up yet would be: what reads it shows at once.
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: PunchWorld;
let standby: Database;

beforeAll(async () => {
  w = await buildPunchWorld(h);
  standby = await freshDatabase();
  await prepareDatabase(standby, h.ctx.config, h.clock.now());
});

afterAll(async () => {
  setReader(h.ctx.db, undefined);
  await standby?.close();
});

const punchBody = { time_range: 3, search_type: 'card_no', key: '' };
const totalsBody = { time_limits: 3 };

async function scopeOfA(): Promise<Scope> {
  return new Scope(h.ctx.db, (await resolveCaller(h.ctx, w.a.token))!, '127.0.0.1');
}

describe('DATABASE_READ_URL: exports and statistics read from a standby', () => {
  it('reads 巡检点统计 and the exports from the standby, the lists from the leader', async () => {
    const totalsOnLeader = await h.post<CardTotalRow[]>('/PatrolData/TotalByPatrolCard', totalsBody, w.a.token);
    expect(totalsOnLeader.data.length).toBeGreaterThan(0);

    setReader(h.ctx.db, standby.db);
    const totals = await h.post<CardTotalRow[]>('/PatrolData/TotalByPatrolCard', totalsBody, w.a.token);
    expect(totals.code, totals.msg).toBe(200);
    expect(totals.data).toEqual([]);
    const scope = await scopeOfA();
    expect(await exportPunches(h.ctx, scope, punchExportInput.parse(punchBody), 'clockIn')).toBe('');
    expect(await exportCardTotals(h.ctx, scope, recordExportInput.parse(totalsBody))).toBe('');
    // A list shows what was just uploaded: the leader's.
    const list = await h.post<PunchRow[]>('/PatrolClockIn/GetPatrolClockInList', punchBody, w.a.token);
    expect(list.data.length).toBe(14);

    setReader(h.ctx.db, undefined);
    const back = await h.post<CardTotalRow[]>('/PatrolData/TotalByPatrolCard', totalsBody, w.a.token);
    expect(back.data).toEqual(totalsOnLeader.data);
    expect(await exportPunches(h.ctx, scope, punchExportInput.parse(punchBody), 'clockIn')).toMatch(/\.xlsx$/);
  });
});
