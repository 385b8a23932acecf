import { Button, Card, Empty, Flex, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { parentIds, rootHoldId, toTreeOptions } from './hold-tree';
import { useHoldTree } from './use-hold-tree';

interface HoldTreePickerProps {
  /** The picked organisation; undefined means the caller's own (the root). */
  value: number | undefined;
  onChange: (holdId: number) => void;
}

/**
 * The organisation tree beside every list screen: all expanded, the caller's own organisation picked
 * at first; picking a node hands its id to the screen, which queries again.
 */
export function HoldTreePicker({ value, onChange }: HoldTreePickerProps) {
  const tree = useHoldTree();
  // Nodes are open unless the user folded them, so organisations added later show up open too.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeOptions(nodes), [nodes]);
  const expandedKeys = useMemo(() => parentIds(nodes).filter((id) => !folded.has(id)), [nodes, folded]);
  const selected = value ?? rootHoldId(nodes);

  let body;
  if (tree.isPending) {
    body = (
      <Flex vertical align="center" gap={8} style={{ padding: 24 }}>
        <Spin />
        <Typography.Text type="secondary">组织加载中…</Typography.Text>
      </Flex>
    );
  } else if (tree.isError) {
    body = (
      <Flex vertical align="center" gap={8} style={{ padding: 16 }}>
        <Typography.Text type="danger">组织加载失败：{errorText(tree.error)}</Typography.Text>
        <Button size="small" onClick={() => void tree.refetch()}>
          重试
        </Button>
      </Flex>
    );
  } else if (treeData.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无组织" />;
  } else {
    body = (
      <Tree<(typeof treeData)[number]>
        blockNode
        aria-label="组织树"
        treeData={treeData}
        expandedKeys={expandedKeys}
        selectedKeys={selected === undefined ? [] : [selected]}
        onExpand={(_, { expanded, node }) =>
          setFolded((current) => {
            const next = new Set(current);
            if (expanded) next.delete(node.value);
            else next.add(node.value);
            return next;
          })
        }
        onSelect={(_, { selected: picked, node }) => {
          // Clicking the picked node again would un-pick it: the screen always has one organisation.
          if (picked) onChange(node.value);
        }}
      />
    );
  }

  return (
    <Card
      size="small"
      title="组织机构"
      style={{ width: 240, flex: 'none', alignSelf: 'stretch' }}
      styles={{ body: { padding: 8, overflow: 'auto' } }}
    >
      <section aria-label="组织机构">{body}</section>
    </Card>
  );
}
