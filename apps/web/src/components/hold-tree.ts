import type { HoldTreeNode } from '@guard-tour/contract';

/** An antd Tree / TreeSelect node of an organisation. */
export interface HoldTreeOption {
  key: number;
  value: number;
  title: string;
  children: HoldTreeOption[];
}

/** GetHoldTree's nodes → the data antd's Tree and TreeSelect draw (the same shape serves both). */
export function toTreeOptions(nodes: readonly HoldTreeNode[]): HoldTreeOption[] {
  return nodes.map((node) => ({
    key: node.id,
    value: node.id,
    title: node.label || `组织 ${node.id}`,
    children: toTreeOptions(node.children ?? []),
  }));
}

/** The caller's own organisation: the tree is rooted there (one root). */
export function rootHoldId(nodes: readonly HoldTreeNode[]): number | undefined {
  return nodes[0]?.id;
}

/** Every node that has children, to draw the tree all expanded. */
export function parentIds(nodes: readonly HoldTreeNode[]): number[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.id, ...parentIds(node.children)] : []));
}

/** An organisation's name as the tree shows it ('' when the tree does not hold it). */
export function holdLabel(nodes: readonly HoldTreeNode[], holdId: number | undefined): string {
  for (const node of nodes) {
    if (node.id === holdId) return node.label;
    const found = holdLabel(node.children ?? [], holdId);
    if (found) return found;
  }
  return '';
}
