import { BUILTIN_ROLES, BuiltinRole } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { consoleAccessOf, heldKeysOf, holds, homePathOf, openScreens } from './access';

const role = (id: number) =>
  heldKeysOf({ permissions: [...(BUILTIN_ROLES.find((r) => r.role_id === id)?.permissions ?? [])] });

describe('what an account may do in the console', () => {
  it('a 管理员 opens every screen and starts on 首页', () => {
    const admin = role(BuiltinRole.admin);
    expect(consoleAccessOf(admin)).toBe('console');
    expect(homePathOf(admin)).toBe('/home/dashboard');
    expect(openScreens(admin).map((entry) => entry.path)).toContain('/sys/roles');
  });

  it('a 只读 account has no 组织管理 nor 设备管理, but 巡检点管理, the records and 首页', () => {
    const paths = openScreens(role(BuiltinRole.readOnly)).map((entry) => entry.path);
    expect(paths).not.toContain('/hold/manage');
    expect(paths).not.toContain('/staff/manage');
    expect(paths).not.toContain('/device/manage');
    expect(paths).toContain('/patrol/card_manage');
    expect(paths).toContain('/patrol/records');
    expect(holds(role(BuiltinRole.readOnly), 'record.export')).toBe(true);
  });

  it('a 巡检员 (only app.use) is sent to the guard app; an account holding nothing is told so', () => {
    expect(consoleAccessOf(role(BuiltinRole.guard))).toBe('app-only');
    expect(consoleAccessOf(heldKeysOf({ permissions: [] }))).toBe('none');
    expect(consoleAccessOf(heldKeysOf({ permissions: ['record.export'] }))).toBe('none');
  });

  it('starts an account without 首页 on the first screen of the menu it may open', () => {
    expect(homePathOf(heldKeysOf({ permissions: ['record.view', 'road.view'] }))).toBe('/patrol/records');
    expect(homePathOf(heldKeysOf({ permissions: ['log.view', 'app.use'] }))).toBe('/sys/opt_logs');
  });

  it('hides nothing while the keys are not known yet (a session stored by an older console)', () => {
    expect(heldKeysOf(null)).toBeNull();
    expect(heldKeysOf({} as never)).toBeNull();
    expect(holds(null, 'device.edit')).toBe(true);
    expect(consoleAccessOf(null)).toBe('console');
  });
});
