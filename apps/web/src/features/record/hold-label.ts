import type { HoldTreeNode } from '@guard-tour/contract';

/** The name of an organisation in the tree (depth first); '' when it is not there. */
export function holdLabel(nodes: readonly HoldTreeNode[], holdId: number | undefined): string {
  if (holdId === undefined) return '';
  for (const node of nodes) {
    if (node.id === holdId) return node.label;
    const below = holdLabel(node.children ?? [], holdId);
    if (below) return below;
  }
  return '';
}
