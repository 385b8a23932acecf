import type { ReactNode } from 'react';
import { rootHoldId } from './hold-tree';
import { ListTable, type ListTableProps } from './list-table';
import { TreeListLayout } from './tree-list-layout';
import { useHoldTree } from './use-hold-tree';
import { usePagedList } from './use-paged-list';

/**
 * A tree-and-list screen's state: the paged list, the organisation tree, the caller's own organisation (the tree's
 * root) and the picked one (the caller's own until another is picked); 新增 waits for the tree to know the latter.
 */
export function useTreeList<T>(...args: Parameters<typeof usePagedList<T>>) {
  const list = usePagedList<T>(...args);
  const tree = useHoldTree();
  const ownHoldId = rootHoldId(tree.data ?? []);
  return { list, tree, ownHoldId, pickedHoldId: list.params.holdId ?? ownHoldId };
}

interface TreeListPageProps<T> extends ListTableProps<T> {
  /** The filter bar with the screen's own filters and buttons. */
  toolbar: ReactNode;
  /** A notice between the filter bar and the table. */
  notice?: ReactNode;
  /** The screen's dialogs and drawers. */
  children?: ReactNode;
}

/** A tree-and-list screen: the organisation tree, the screen's filter bar, its paged table and its dialogs. */
export function TreeListPage<T extends object>({ toolbar, notice, children, ...table }: TreeListPageProps<T>) {
  return (
    <TreeListLayout holdId={table.list.params.holdId} onPickHold={table.list.pickHold} toolbar={toolbar}>
      {notice}
      <ListTable<T> {...table} />
      {children}
    </TreeListLayout>
  );
}
