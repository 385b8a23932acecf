import type { HoldRow } from '@guard-tour/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultVipEnd,
  holdFormError,
  holdValuesOf,
  newHoldValues,
  parentIdOf,
  toSaveHoldInput,
  type HoldFormValues,
} from './hold-form-values';

const ROW: HoldRow = {
  hold_id: 5,
  hold_name: '华安物业',
  hold_type: 2,
  hold_type_text: '企业',
  parent_hold_id: 1,
  parent_name: '运营商',
  user_id: 9,
  user_name: 'huaan',
  true_name: '陈建国',
  contacts: '陈先生',
  phone: '0571-88886666',
  vip_end_time: '2029-11-22',
  remark: '演示数据',
  create_time: '2026-11-22 16:09:24',
  enter_user_name: 'admin',
};

const filled = (patch: Partial<HoldFormValues> = {}): HoldFormValues => ({
  ...newHoldValues(dayjs('2026-11-22')),
  hold_name: '恒通安保',
  user_name: 'hengtong',
  user_password: 'secret123',
  ...patch,
});

describe('a new organisation', () => {
  it('is an enterprise whose service runs three years from today', () => {
    const values = newHoldValues(dayjs('2026-11-22T15:30:00'));
    expect(values.hold_type).toBe(2);
    expect(values.vip_end_time?.format('YYYY-MM-DD')).toBe('2029-11-22');
    expect(values.user_password).toBe('');
  });

  it('started on 29 February runs until 28 February three years on', () => {
    expect(defaultVipEnd(dayjs('2028-02-29')).format('YYYY-MM-DD')).toBe('2031-02-28');
  });

  it('needs its name, its admin account and a password', () => {
    const target = { holdId: 0, parentId: 1 };
    expect(holdFormError(newHoldValues(), target)).toBe('请输入用户名、账号和密码！');
    expect(holdFormError(filled({ user_password: '' }), target)).toBe('请输入用户名、账号和密码！');
    expect(holdFormError(filled({ hold_name: '   ' }), target)).toBe('请输入用户名、账号和密码！');
    expect(holdFormError(filled(), target)).toBeNull();
  });

  it('is refused without a parent (数据异常，无法保存！)', () => {
    expect(holdFormError(filled(), { holdId: 0, parentId: undefined })).toBe('数据异常，无法保存！');
    expect(holdFormError(filled(), { holdId: 0, parentId: 0 })).toBe('数据异常，无法保存！');
  });

  it('needs a password of 8 to 20 characters and an account of 2 to 20', () => {
    const target = { holdId: 0, parentId: 1 };
    expect(holdFormError(filled({ user_password: 'short' }), target)).toBe('密码长度在 8 到 20 个字符');
    expect(holdFormError(filled({ user_password: 'x'.repeat(21) }), target)).toBe('密码长度在 8 到 20 个字符');
    expect(holdFormError(filled({ user_name: 'h' }), target)).toBe('账号长度在 2 到 20 个字符');
  });

  it('is sent with trimmed texts, its parent and the expiry as a date', () => {
    const values = filled({ hold_name: ' 恒通安保 ', contacts: ' 黄先生 ', remark: '  ' });
    expect(toSaveHoldInput(values, { holdId: 0, parentId: 1 })).toEqual({
      hold_id: 0,
      hold_name: '恒通安保',
      hold_type: 2,
      parent_hold_id: 1,
      contacts: '黄先生',
      phone: '',
      user_name: 'hengtong',
      user_password: 'secret123',
      true_name: '',
      vip_end_time: '2029-11-22',
      remark: '',
    });
  });
});

describe('editing an organisation', () => {
  it('starts from the row, with the password left empty', () => {
    const values = holdValuesOf(ROW);
    expect(values).toMatchObject({ hold_name: '华安物业', user_name: 'huaan', true_name: '陈建国', user_password: '' });
    expect(values.vip_end_time?.format('YYYY-MM-DD')).toBe('2029-11-22');
  });

  it('keeps a service without end (organisation 1) empty, and sends it empty', () => {
    const root = { ...ROW, hold_id: 1, parent_hold_id: null, vip_end_time: '' };
    expect(holdValuesOf(root).vip_end_time).toBeNull();
    expect(toSaveHoldInput(holdValuesOf(root), { holdId: 1, parentId: parentIdOf(root) }).vip_end_time).toBe('');
  });

  it('sends organisation 1 with itself as parent, others with their parent', () => {
    expect(parentIdOf({ hold_id: 1, parent_hold_id: null })).toBe(1);
    expect(parentIdOf(ROW)).toBe(1);
    expect(parentIdOf({ hold_id: 7, parent_hold_id: 5 })).toBe(5);
  });

  it('needs the name and the account, not a password; a new password must still be 8 to 20', () => {
    const target = { holdId: 5, parentId: 1 };
    expect(holdFormError(holdValuesOf(ROW), target)).toBeNull();
    expect(holdFormError({ ...holdValuesOf(ROW), user_name: '' }, target)).toBe('请输入用户名、账号！');
    expect(holdFormError({ ...holdValuesOf(ROW), user_password: '1234' }, target)).toBe('密码长度在 8 到 20 个字符');
  });

  it('sends an empty password to keep the old one', () => {
    expect(toSaveHoldInput(holdValuesOf(ROW), { holdId: 5, parentId: 1 })).toMatchObject({
      hold_id: 5,
      parent_hold_id: 1,
      user_password: '',
      vip_end_time: '2029-11-22',
    });
  });
});
