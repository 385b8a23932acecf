import type { RoundPoints } from '@guard-tour/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { fakeServer } from '../test/fake-server';
import { RoundPointsDialog } from './round-points';

const ROUND: RoundPoints = {
  round_id: 31,
  road_id: 7,
  road_name: '东区夜巡',
  task_id: null,
  task_name: '',
  round_date: '2026-11-23',
  slot_no: 1,
  window_start: '2026-11-23 22:00:00',
  window_end: '2026-11-24 02:00:00',
  grace_minutes: 10,
  result: 3,
  points: [
    { patrol_id: 1, patrol_name: '东门', patrol_sn: 'A1', result: 1, punch_time: '2026-11-23 22:05:00' },
    { patrol_id: 2, patrol_name: '北门', patrol_sn: 'A2', result: 2, punch_time: '2026-11-23 21:55:00' },
    { patrol_id: 3, patrol_name: '配电房', patrol_sn: 'A3', result: 3, punch_time: '2026-11-24 02:08:00' },
    { patrol_id: 4, patrol_name: '车库', patrol_sn: 'A4', result: 4, punch_time: null },
    { patrol_id: 5, patrol_name: '后门', patrol_sn: 'A5', result: 0, punch_time: null },
  ],
};

function Harness() {
  const [roundId, setRoundId] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setRoundId(31)}>
        打开
      </button>
      <RoundPointsDialog roundId={roundId} onClose={() => setRoundId(null)} />
    </>
  );
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the round-points dialog', { timeout: 30_000 }, () => {
  it('reads the round by id and shows each point’s result in order, with its punch time or —', async () => {
    const server = fakeServer({ '/Report/RoundPoints': () => ({ data: ROUND }) });
    render(
      <Providers>
        <Harness />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByRole('table', { name: '本轮巡检点' });
    expect(server.callsTo('/Report/RoundPoints')[0]?.query.get('round_id')).toBe('31');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1东门A1正常22:05:00',
      '2北门A2早到21:55:00',
      '3配电房A3迟到02:08:00',
      '4车库A4漏检—',
      '5后门A5待检—',
    ]);
    const tag = (text: string) => within(table).getByText(text).closest('.ant-tag')?.className ?? '';
    expect(tag('正常')).toMatch(/green/);
    expect(tag('早到')).toMatch(/blue/);
    expect(tag('迟到')).toMatch(/orange/);
    expect(tag('漏检')).toMatch(/red/);
    expect(dialog.textContent).toContain('东区夜巡');
    expect(dialog.textContent).toContain('22:00-次日 02:00');
    expect(dialog.textContent).toContain('10分钟');
    expect(dialog.textContent).toContain('异常');
    expect(dialog.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('says why a round could not be read', async () => {
    fakeServer({ '/Report/RoundPoints': () => ({ code: 404, msg: '巡检轮次不存在' }) });
    render(
      <Providers>
        <Harness />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('错了哦，接口出错！巡检轮次不存在')).toBeTruthy();
  });
});
