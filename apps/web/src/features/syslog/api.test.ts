import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LIST_PARAMS } from '../../components/paging';
import { listLogs, logTypesOf } from './api';

function answer(rows: unknown[], total: number) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data: rows, total })));
  });
  return bodies;
}

describe('the two log screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ask for login logs with logType [1] and operation logs with []', () => {
    expect(logTypesOf('login')).toEqual([1]);
    expect(logTypesOf('operation')).toEqual([]);
  });

  it('send the keyword, the picked organisation and the page', async () => {
    const bodies = answer([], 0);
    await listLogs('login', { holdId: 5, keyword: '127.0.0.1', page: 2 });
    expect(bodies[0]).toEqual({ logType: [1], key: '127.0.0.1', HoldID: 5, PageIndex: 2, PageSize: 25 });
  });

  it('leave the organisation out to mean the caller’s own', async () => {
    const bodies = answer([{ log_id: 1 }], 1);
    const page = await listLogs('operation', FIRST_LIST_PARAMS);
    expect(bodies[0]).toEqual({ logType: [], key: '', PageIndex: 1, PageSize: 25 });
    expect(page).toEqual({ rows: [{ log_id: 1 }], total: 1 });
  });
});
