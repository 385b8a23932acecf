import type { CardRow } from '@guard-tour/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { LABELS_PATH, labelsUrl, saveLabelSelection } from './label-sheet';
import { CardLabelPage } from './label-page';
import { qrDataUrl } from './qr-code';

const APP = '/Terminal/AppAddress';
const LIST = '/PatrolCard/SearchList';

const card = (index: number): CardRow => ({
  patrol_id: index,
  patrol_sn: `0001A${index}`,
  patrol_name: `东门岗亭${index}`,
  location: `东门${index}号楼`,
  remark: '',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  create_time: '2026-11-22 16:09:24',
  lat: null,
  lng: null,
  radius: 50,
  checklist_id: 0,
  checklist_name: '',
});

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <CardLabelPage />
      </MemoryRouter>
    </Providers>,
  );
}

afterEach(() => {
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('打印二维码', { timeout: 60_000 }, () => {
  it('lays out one label per picked point whose QR code opens the guard app on it, then prints once', async () => {
    fakeServer({ [APP]: () => ({ data: { url: 'https://patrol.example.com/m/' } }) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    saveLabelSelection([card(1), card(2)]);
    renderAt(labelsUrl({ kind: 'selection' }));

    const sheet = await screen.findByRole('list', { name: '巡检点标签' });
    const labels = within(sheet).getAllByRole('listitem');
    expect(labels).toHaveLength(2);
    expect(labels[0]!.textContent).toBe('东门岗亭1东门1号楼0001A1');
    for (const index of [1, 2]) {
      const code = within(sheet).getByRole('img', { name: `二维码 0001A${index}` });
      const url = `https://patrol.example.com/m/p/0001A${index}`;
      expect(code.getAttribute('data-url')).toBe(url);
      expect(code.getAttribute('src')).toBe(await qrDataUrl(url));
    }
    expect(decodeURIComponent(within(sheet).getAllByRole('img')[0]!.getAttribute('src')!)).toContain('<svg');
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toContain('@page { size: A4; margin: 10mm; }');
    expect(styles).toContain('break-inside: avoid');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('reads every point of the filter page by page, and prints the first 500 of a larger one with a warning', async () => {
    const all = Array.from({ length: 620 }, (_, index) => card(index + 1));
    const server = fakeServer({
      [APP]: () => ({ data: { url: 'http://10.0.0.5:8080/m/' } }),
      [LIST]: (call: Call) => {
        const { PageIndex, PageSize } = call.body as { PageIndex: number; PageSize: number };
        return { data: all.slice((PageIndex - 1) * PageSize, PageIndex * PageSize), total: all.length };
      },
    });
    vi.stubGlobal('print', vi.fn());
    renderAt(`${LABELS_PATH}?hold_id=3&search_type=location&key=${encodeURIComponent('东门')}`);

    const sheet = await screen.findByRole('list', { name: '巡检点标签' });
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(500);
    expect(server.callsTo(LIST).map((call) => call.body)).toEqual(
      [1, 2, 3].map((PageIndex) => ({
        search_type: 'location',
        key: '东门',
        ContainChildren: true,
        HoldID: 3,
        PageIndex,
        PageSize: 200,
      })),
    );
    expect(screen.getByText(/查询到 620 个巡检点，一次最多打印 500 个/)).toBeTruthy();
    expect(within(sheet).getByRole('img', { name: '二维码 0001A500' }).getAttribute('data-url')).toBe(
      'http://10.0.0.5:8080/m/p/0001A500',
    );
  });

  it('says there is nothing to print when the sheet was opened without points', async () => {
    fakeServer({ [APP]: () => ({ data: { url: 'https://patrol.example.com/m/' } }) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt(labelsUrl({ kind: 'selection' }));
    expect(await screen.findByText('没有要打印的巡检点')).toBeTruthy();
    expect(print).not.toHaveBeenCalled();
  });
});
