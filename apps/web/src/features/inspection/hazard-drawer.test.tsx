import { BUILTIN_ROLES, BuiltinRole, type HazardDetail } from '@guard-tour/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@guard-tour/client/session';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { startSessionWith } from '../../test/session';
import { HazardDrawer } from './hazard-drawer';

const SUPERVISOR = [...(BUILTIN_ROLES.find((role) => role.role_id === BuiltinRole.supervisor)?.permissions ?? [])];

const hazard = (patch: Partial<HazardDetail>): HazardDetail => ({
  hazard_id: 41,
  patrol_id: 7,
  patrol_name: '泵房',
  patrol_sn: 'INS-PUMP',
  item_text: '管网压力',
  answer: '0.8 MPa',
  level: 1,
  state: 1,
  found_time: '2026-11-20 09:30:00',
  found_by: '孙巡',
  occurrences: 1,
  assignee_id: 12,
  assignee_name: '孙巡',
  deadline: '2026-11-21 18:00',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  overdue: false,
  last_time: '2026-11-20 09:30:00',
  punch_id: null,
  photo_ids: [],
  history: [],
  can_fix: false,
  ...patch,
});

function open(detail: HazardDetail) {
  fakeServer({ '/Hazard/Detail': () => ({ data: detail }) });
  render(
    <Providers>
      <HazardDrawer hazardId={detail.hazard_id} onClose={() => {}} />
    </Providers>,
  );
}

/**
 * 提交整改 is offered by identity: the server's `can_fix` (the caller is the assignee by account id), not the
 * assignee's name, which two accounts may share.
 */
describe('隐患详情：提交整改', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('is not offered to an account that only shares the assignee’s name', async () => {
    startSessionWith(SUPERVISOR, { userName: 'sun2', trueName: '孙巡' });
    open(hazard({ can_fix: false }));
    expect(await screen.findByRole('button', { name: '指派' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交整改' })).toBeNull();
  });

  it('is offered when the server says the caller may fix it, whatever the names', async () => {
    startSessionWith(SUPERVISOR, { userName: 'zhou', trueName: '周巡' });
    open(hazard({ can_fix: true, assignee_name: '周巡（夜班）' }));
    expect(await screen.findByRole('button', { name: '提交整改' })).toBeTruthy();
  });
});
