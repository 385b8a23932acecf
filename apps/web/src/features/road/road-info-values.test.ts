import type { RoadRow } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { accountChoices, accountTitle, cardChoices, cardTitle } from './road-choices';
import {
  boundCardsOf,
  cardIdsOf,
  newRoadInfoValues,
  roadInfoFormError,
  roadInfoValuesOf,
  toSaveRoadInfoBody,
} from './road-info-values';

const OPTIONS = [
  { patrol_id: 4, patrol_name: '北门', patrol_sn: 'A4' },
  { patrol_id: 5, patrol_name: '东门', patrol_sn: 'A5' },
  { patrol_id: 6, patrol_name: '', patrol_sn: 'A6' },
];

describe('a road of 线路管理', () => {
  it('needs a name and a point (请输入线路名称, 请选择巡检点)', () => {
    expect(roadInfoFormError(newRoadInfoValues(3))).toBe('请输入线路名称');
    expect(roadInfoFormError({ ...newRoadInfoValues(3), road_name: '南区' })).toBe('请选择巡检点');
    expect(roadInfoFormError({ ...newRoadInfoValues(3), road_name: '南区', card_ids: [4] })).toBeNull();
    expect(roadInfoFormError({ ...newRoadInfoValues(undefined), road_name: '南区', card_ids: [4] })).toBe(
      '数据异常，无法保存！',
    );
  });

  it('is sent with its point ids as an array and their names comma-joined, in walking order', () => {
    const values = { holdId: 3, road_name: ' 南区 ', card_ids: [6, 4], remark: '' };
    expect(toSaveRoadInfoBody(values, 0, OPTIONS)).toEqual({
      road_id: 0,
      holdId: 3,
      road_name: '南区',
      patrol_card_ids: [6, 4],
      patrol_card_names: 'A6,北门',
      remark: '',
    });
  });

  it('reads its points from the detail’s comma list, keeping the order', () => {
    expect(cardIdsOf('5, 4,,x,6')).toEqual([5, 4, 6]);
    expect(cardIdsOf('')).toEqual([]);
    const road = { road_id: 7, hold_id: 3, road_name: '南区', patrol_card_ids: '5,4', patrol_card_names: '东门,北门' };
    expect(roadInfoValuesOf(road as RoadRow)).toEqual({ holdId: 3, road_name: '南区', card_ids: [5, 4], remark: '' });
    expect(boundCardsOf(road as RoadRow)).toEqual([
      { patrol_id: 5, patrol_name: '东门', patrol_sn: '' },
      { patrol_id: 4, patrol_name: '北门', patrol_sn: '' },
    ]);
  });
});

describe('the transfer lists', () => {
  it('show accounts as 姓名(账号) and points as 名称(卡号), falling back to the account or card number', () => {
    expect(accountTitle({ true_name: '张伟', user_name: 'zhangwei' })).toBe('张伟(zhangwei)');
    expect(accountTitle({ true_name: '', user_name: 'lisi' })).toBe('lisi');
    expect(cardTitle({ patrol_name: '东门', patrol_sn: 'A5' })).toBe('东门(A5)');
    expect(cardTitle({ patrol_name: ' ', patrol_sn: 'A6' })).toBe('A6');
  });

  it('keep what a road already has even when the options lack it, once', () => {
    const choices = cardChoices(OPTIONS, [
      { patrol_id: 5, patrol_name: '东门', patrol_sn: '' },
      { patrol_id: 9, patrol_name: '旧岗亭', patrol_sn: '' },
    ]);
    expect(choices.map((choice) => choice.key)).toEqual([4, 5, 6, 9]);
    expect(accountChoices([{ user_id: 1, user_name: 'a', true_name: '' }]).map((c) => c.title)).toEqual(['a']);
  });
});
