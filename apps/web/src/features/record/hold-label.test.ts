import { describe, expect, it } from 'vitest';
import { holdLabel } from './hold-label';

const TREE = [
  {
    id: 1,
    label: '运营中心',
    children: [{ id: 2, label: '华安物业', children: [{ id: 7, label: '东门岗', children: [] }] }],
  },
];

describe('the organisation button of 人员统计', () => {
  it('names the picked organisation wherever it sits in the tree', () => {
    expect(holdLabel(TREE, 1)).toBe('运营中心');
    expect(holdLabel(TREE, 7)).toBe('东门岗');
    expect(holdLabel(TREE, 99)).toBe('');
    expect(holdLabel(TREE, undefined)).toBe('');
  });
});
