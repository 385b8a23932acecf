import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@guard-tour/client/api';
import { EXPORT_TIMEOUT_MS } from '@guard-tour/client/browser';
import { fakeServer } from '../test/fake-server';
import { downloadUrl, exportFileName, type ExportCall } from './export-file';

/** 巡检记录's export taking any body: what the export sends is the test's own, not the screen's filters. */
const exportRecords = api.record.exportRecords as ExportCall<object>;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('exports', () => {
  it('answer the file name the server wrote, and an empty name when there are no rows', async () => {
    const server = fakeServer({
      '/PatrolData/ExportRecords': (call) => ({ data: (call.body as { key?: string }).key ? '' : 'a1b2c3.xlsx' }),
    });
    expect(await exportFileName(exportRecords, { hold_id: 1 })).toBe('a1b2c3.xlsx');
    expect(await exportFileName(exportRecords, { key: '无' })).toBe('');
    expect(server.callsTo('/PatrolData/ExportRecords')[0]?.body).toEqual({ hold_id: 1 });
  });

  it('read a missing name as no rows, never as "null"', async () => {
    fakeServer({ '/PatrolData/ExportRecords': () => ({ data: null }) });
    expect(await exportFileName(exportRecords, {})).toBe('');
  });

  it('wait the 120 s of exports, not the 10 s of ordinary calls', async () => {
    vi.useFakeTimers();
    let abortedAt: number | null = null;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          abortedAt = Date.now();
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    });
    const started = Date.now();
    const running = exportFileName(exportRecords, {});
    const outcome = running.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(abortedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(EXPORT_TIMEOUT_MS);
    expect(abortedAt! - started).toBe(EXPORT_TIMEOUT_MS);
    expect(await outcome).toMatchObject({ kind: 'timeout' });
  });

  it('download by a plain link that carries the name, escaped', () => {
    expect(downloadUrl('a1b2.xlsx')).toBe('/proxyserver/api/file/download_excelfile?fileName=a1b2.xlsx');
    expect(downloadUrl('a b&c')).toBe('/proxyserver/api/file/download_excelfile?fileName=a%20b%26c');
  });
});
