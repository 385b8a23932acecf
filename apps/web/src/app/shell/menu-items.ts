import type { FunTreeItem } from '@guard-tour/contract';

export interface MenuNode {
  /** An entry's route path, or `group-<funId>` for a group. */
  key: string;
  label: string;
  children?: MenuNode[];
}

/**
 * GetUserFunTree's flat list → the side menu: groups (parentId 0, empty path) holding their entries,
 * both in the order the server returned them. Empty groups are dropped; an entry whose group is
 * missing is shown at the top level rather than lost.
 */
export function buildMenuTree(items: readonly FunTreeItem[]): MenuNode[] {
  const groups = new Map<number, MenuNode & { children: MenuNode[] }>();
  const roots: MenuNode[] = [];
  for (const item of items) {
    if (item.parentId === 0 && !item.funPath) {
      const group = { key: `group-${item.funId}`, label: item.funName, children: [] };
      groups.set(item.funId, group);
      roots.push(group);
    }
  }
  for (const item of items) {
    if (!item.funPath) continue;
    const entry: MenuNode = { key: item.funPath, label: item.funName };
    const group = groups.get(item.parentId);
    if (group) group.children.push(entry);
    else roots.push(entry);
  }
  return roots.filter((node) => !node.children || node.children.length > 0);
}

/** Keys of the groups, to open them all by default. */
export function groupKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.filter((node) => node.children).map((node) => node.key);
}
