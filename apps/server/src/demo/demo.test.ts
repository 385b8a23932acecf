import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldTreeNode, StaffRow } from '@guard-tour/contract';
import { useHarness } from '../test/harness.js';
import { DEMO_PASSWORD, fillDemo } from './demo.js';

const h = useHarness();
beforeAll(async () => {
  await fillDemo(h.ctx);
});

describe('the demo tenant', () => {
  it('has an operator, two enterprises with departments, and about ten accounts', async () => {
    const root = await h.login();
    const tree = await h.get<HoldTreeNode[]>('/HoldInfo/GetHoldTree', {}, root);
    const enterprises = tree.data[0]!.children;
    expect(enterprises.map((e) => e.label)).toEqual(['华安物业', '恒通安保']);
    expect(enterprises.every((e) => e.children.length > 0)).toBe(true);
    const accounts = await h.post<StaffRow[]>('/StaffInfo/SearchList', { PageSize: 50 }, root);
    expect(accounts.total).toBeGreaterThanOrEqual(10);
  });

  it('lets a newcomer log in as an enterprise admin and see only that enterprise', async () => {
    const token = await h.login({ user_name: 'huaan', user_password: DEMO_PASSWORD });
    const tree = await h.get<HoldTreeNode[]>('/HoldInfo/GetHoldTree', {}, token);
    expect(tree.data.map((n) => n.label)).toEqual(['华安物业']);
    expect(tree.data[0]!.children.map((n) => n.label)).toEqual(['滨江花园保安部', '科技园保安部']);
  });

  it('was written to the operation log like any other change', async () => {
    const logs = await h.post<unknown[]>('/SysLog/GetSysLogsList', { logType: [], key: '华安物业' }, await h.login());
    expect(logs.total).toBeGreaterThan(0);
  });
});
