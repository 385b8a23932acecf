import type { HoldTreeNode } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { parentIds, rootHoldId, toTreeOptions } from './hold-tree';

const leaf = (id: number, label: string): HoldTreeNode => ({ id, label, children: [] });

// An enterprise admin's tree: rooted at the enterprise, its departments below.
const TREE: HoldTreeNode[] = [
  {
    id: 2,
    label: '华安物业',
    children: [{ id: 3, label: '滨江花园保安部', children: [leaf(7, '东门岗')] }, leaf(4, '科技园保安部')],
  },
];

describe('the organisation tree', () => {
  it('is drawn with each organisation’s id as key and value and its name as title', () => {
    expect(toTreeOptions(TREE)).toEqual([
      {
        key: 2,
        value: 2,
        title: '华安物业',
        children: [
          {
            key: 3,
            value: 3,
            title: '滨江花园保安部',
            children: [{ key: 7, value: 7, title: '东门岗', children: [] }],
          },
          { key: 4, value: 4, title: '科技园保安部', children: [] },
        ],
      },
    ]);
  });

  it('never shows an empty title for a node without a name', () => {
    expect(toTreeOptions([leaf(9, '')])[0]?.title).toBe('组织 9');
  });

  it('starts at the caller’s own organisation: the root', () => {
    expect(rootHoldId(TREE)).toBe(2);
    expect(rootHoldId([])).toBeUndefined();
  });

  it('opens every organisation that has organisations below it', () => {
    expect(parentIds(TREE)).toEqual([2, 3]);
    expect(parentIds([leaf(1, '运营商')])).toEqual([]);
  });
});
