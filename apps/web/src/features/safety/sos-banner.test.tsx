import type { AlertRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { startSessionWith } from '../../test/session';
import { SosBanner } from './sos-banner';

const SOS: AlertRow = {
  alert_id: 77,
  kind: 8,
  kind_name: '紧急求助',
  state: 0,
  hold_id: 3,
  hold_name: '滨江花园保安部',
  road_id: null,
  road_name: '',
  round_id: null,
  device_no: 'APP-PHONE',
  patrol_sn: '',
  detail: '夜班李（night）发出紧急求助（APP-PHONE）；最后打卡：北门 2026-11-23 02:10:00',
  raised_time: '2026-11-23 02:14:05',
  handled_by: '',
  handled_time: '',
  note: '',
  true_name: '夜班李',
  lat: 31.2304,
  lng: 121.4737,
  accuracy: 12,
  press_count: 2,
  responded_by: '',
  responded_time: '',
};

/** SAFETY.md: the console's red banner for an unanswered SOS, its map link, and 已响应. */
describe('the SOS banner', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('names the guard, the time, his last punch and a map link; 已响应 answers it', async () => {
    startSessionWith(['alert.view', 'alert.handle']);
    let open = [SOS];
    const server = fakeServer({
      '/Alert/List': () => ({ data: open, total: open.length }),
      '/Alert/Respond': () => {
        open = [];
        return { data: null };
      },
    });
    render(
      <Providers>
        <SosBanner enabled />
      </Providers>,
    );
    const banner = await screen.findByTestId('sos-banner');
    expect(banner.textContent).toContain('紧急求助：夜班李（已按 2 次）');
    expect(banner.textContent).toContain('2026-11-23 02:14:05');
    expect(banner.textContent).toContain('最后打卡：北门');
    const link = within(banner).getByRole('link');
    expect(link.getAttribute('href')).toContain('position=121.4737%2C31.2304');
    expect(link.getAttribute('href')).toContain('coordinate=wgs84');
    expect(server.callsTo('/Alert/List')[0]?.body).toMatchObject({ kind: 8, state: 0 });
    fireEvent.click(within(banner).getByRole('button', { name: '已响应' }));
    await waitFor(() => expect(server.callsTo('/Alert/Respond')[0]?.body).toEqual({ alert_id: 77 }));
    await waitFor(() => expect(screen.queryByTestId('sos-banner')).toBeNull());
  });

  it('an account that may only view alerts sees the banner without 已响应', async () => {
    startSessionWith(['alert.view']);
    fakeServer({ '/Alert/List': () => ({ data: [{ ...SOS, lat: null, lng: null }], total: 1 }) });
    render(
      <Providers>
        <SosBanner enabled />
      </Providers>,
    );
    const banner = await screen.findByTestId('sos-banner');
    expect(within(banner).queryByRole('button', { name: '已响应' })).toBeNull();
    expect(banner.textContent).toContain('无定位');
  });
});
