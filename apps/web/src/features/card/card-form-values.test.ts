import type { CardRow } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_LIST_PARAMS } from '../../components/paging';
import { cardListBody } from './api';
import { cardFormError, cardValuesOf, newCardValues, toSaveCardInput } from './card-form-values';

const ROW: CardRow = {
  patrol_id: 8,
  patrol_sn: '0001A2B3C4',
  patrol_name: '东门岗亭',
  location: '东门',
  remark: '',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  create_time: '2026-11-22 16:09:24',
  lat: null,
  lng: null,
  radius: 50,
  checklist_id: 0,
  checklist_name: '',
};

describe('a new patrol point', () => {
  it('belongs to the organisation picked in the tree', () => {
    expect(newCardValues(3)).toEqual({ holdId: 3, patrol_sn: '', patrol_name: '', location: '', remark: '' });
  });

  it('needs a card number (请输入卡编号！) and an organisation (数据异常，无法保存！)', () => {
    expect(cardFormError(newCardValues(3))).toBe('请输入卡编号！');
    expect(cardFormError({ ...newCardValues(3), patrol_sn: ' ' })).toBe('请输入卡编号！');
    expect(cardFormError({ ...newCardValues(undefined), patrol_sn: 'A1' })).toBe('数据异常，无法保存！');
    expect(cardFormError({ ...newCardValues(3), patrol_sn: 'A1' })).toBeNull();
  });

  it('is sent with trimmed texts', () => {
    const values = { holdId: 3, patrol_sn: ' a1 ', patrol_name: ' 东门 ', location: ' 一楼 ', remark: '' };
    expect(toSaveCardInput(values, 0)).toEqual({
      patrol_id: 0,
      holdId: 3,
      patrol_sn: 'a1',
      patrol_name: '东门',
      location: '一楼',
      remark: '',
    });
  });
});

describe('editing a patrol point', () => {
  it('starts from the row and saves under its id', () => {
    expect(cardValuesOf(ROW)).toEqual({
      holdId: 3,
      patrol_sn: '0001A2B3C4',
      patrol_name: '东门岗亭',
      location: '东门',
      remark: '',
      lat: null,
      lng: null,
      radius: 50,
    });
    expect(toSaveCardInput(cardValuesOf(ROW), 8)).toMatchObject({ patrol_id: 8, patrol_sn: '0001A2B3C4' });
  });
});

describe('the patrol point list call', () => {
  it('matches card numbers at first, and the applied search type after 查询', () => {
    expect(cardListBody(FIRST_LIST_PARAMS)).toMatchObject({ search_type: 'patrol_sn', key: '', includeChildren: true });
    expect(cardListBody({ holdId: 3, keyword: '东门', page: 1, searchType: 'location' })).toEqual({
      search_type: 'location',
      key: '东门',
      includeChildren: true,
      holdId: 3,
      page: 1,
      pageSize: 25,
    });
  });
});
