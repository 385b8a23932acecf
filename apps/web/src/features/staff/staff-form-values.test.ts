import type { StaffRow } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { newStaffValues, staffFormError, staffValuesOf, toSaveAccountInput } from './staff-form-values';

const ROW: StaffRow = {
  user_id: 12,
  user_name: 'zhangwei',
  true_name: '张伟',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  remark: '巡检员',
  create_time: '2026-11-22 16:09:24',
  role_id: 3,
  role_name: '巡检员',
};

describe('a new account', () => {
  it('belongs to the organisation picked in the tree', () => {
    expect(newStaffValues(3)).toEqual({ holdId: 3, user_name: '', user_password: '', true_name: '', remark: '' });
  });

  it('needs an account and a password (请输入账号和密码！)', () => {
    expect(staffFormError(newStaffValues(3), 0)).toBe('请输入账号和密码！');
    expect(staffFormError({ ...newStaffValues(3), user_name: 'lisi' }, 0)).toBe('请输入账号和密码！');
    expect(staffFormError({ ...newStaffValues(3), user_name: 'lisi', user_password: 'secret123' }, 0)).toBeNull();
  });

  it('is refused without an organisation (数据异常，无法保存！)', () => {
    expect(staffFormError({ ...newStaffValues(undefined), user_name: 'lisi', user_password: 'secret123' }, 0)).toBe(
      '数据异常，无法保存！',
    );
  });

  it('needs a password of 8 to 20 characters', () => {
    expect(staffFormError({ ...newStaffValues(3), user_name: 'lisi', user_password: '1234567' }, 0)).toBe(
      '密码长度在 8 到 20 个字符',
    );
  });

  it('is sent with trimmed texts', () => {
    const values = { holdId: 3, user_name: ' lisi ', user_password: 'secret123', true_name: ' 李四 ', remark: '' };
    expect(toSaveAccountInput(values, 0)).toEqual({
      user_id: 0,
      holdId: 3,
      user_name: 'lisi',
      user_password: 'secret123',
      true_name: '李四',
      remark: '',
    });
  });
});

describe('editing an account', () => {
  it('starts from the row, with the password left empty', () => {
    expect(staffValuesOf(ROW)).toEqual({
      holdId: 3,
      user_name: 'zhangwei',
      user_password: '',
      true_name: '张伟',
      remark: '巡检员',
      role_id: 3,
    });
  });

  it('keeps the account’s role unless another is picked (SaveAccount without role_id keeps it)', () => {
    expect(toSaveAccountInput(staffValuesOf(ROW), 12)).toMatchObject({ role_id: 3 });
    expect(toSaveAccountInput({ ...staffValuesOf(ROW), role_id: undefined }, 12)).not.toHaveProperty('role_id');
  });

  it('needs the account only (请输入账号！); an empty password keeps the old one', () => {
    expect(staffFormError({ ...staffValuesOf(ROW), user_name: ' ' }, 12)).toBe('请输入账号！');
    expect(staffFormError(staffValuesOf(ROW), 12)).toBeNull();
    expect(toSaveAccountInput(staffValuesOf(ROW), 12)).toMatchObject({ user_id: 12, user_password: '' });
  });
});
