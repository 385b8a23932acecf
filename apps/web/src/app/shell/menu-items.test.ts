import { describe, expect, it } from 'vitest';
import { buildMenuTree, groupKeys } from './menu-items';

describe('the side menu from GetUserFunTree', () => {
  it('puts entries under their groups in the order the server sent them', () => {
    const tree = buildMenuTree([
      { funId: 1, funName: '组织管理', funPath: '', parentId: 0 },
      { funId: 2, funName: '系统管理', funPath: '', parentId: 0 },
      { funId: 11, funName: '账号管理', funPath: '/staff/manage', parentId: 1 },
      { funId: 10, funName: '组织管理', funPath: '/hold/manage', parentId: 1 },
      { funId: 20, funName: '首页', funPath: '/home/dashboard', parentId: 2 },
    ]);
    expect(tree).toEqual([
      {
        key: 'group-1',
        label: '组织管理',
        children: [
          { key: '/staff/manage', label: '账号管理' },
          { key: '/hold/manage', label: '组织管理' },
        ],
      },
      { key: 'group-2', label: '系统管理', children: [{ key: '/home/dashboard', label: '首页' }] },
    ]);
    expect(groupKeys(tree)).toEqual(['group-1', 'group-2']);
  });

  it('hides a group the user has no entry in (a department has no 组织管理)', () => {
    const tree = buildMenuTree([
      { funId: 1, funName: '组织管理', funPath: '', parentId: 0 },
      { funId: 2, funName: '系统管理', funPath: '', parentId: 0 },
      { funId: 20, funName: '首页', funPath: '/home/dashboard', parentId: 2 },
    ]);
    expect(tree.map((node) => node.label)).toEqual(['系统管理']);
  });

  it('keeps an entry whose group is missing at the top level', () => {
    expect(buildMenuTree([{ funId: 5, funName: '关于', funPath: '/about2', parentId: 99 }])).toEqual([
      { key: '/about2', label: '关于' },
    ]);
  });
});
