import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { HoldTreePicker } from './hold-tree-picker';

interface TreeListLayoutProps {
  holdId: number | undefined;
  onPickHold: (holdId: number) => void;
  toolbar: ReactNode;
  children: ReactNode;
}

/** The shape of every list screen: the organisation tree on the left, filters and table on the right. */
export function TreeListLayout({ holdId, onPickHold, toolbar, children }: TreeListLayoutProps) {
  return (
    <Flex gap={16} align="flex-start">
      <HoldTreePicker value={holdId} onChange={onPickHold} />
      <Card size="small" style={{ flex: 1, minWidth: 0 }}>
        <Flex vertical gap={12}>
          {toolbar}
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
