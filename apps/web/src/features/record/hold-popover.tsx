import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { rootHoldId } from '../../components/hold-tree';
import { HoldTreePicker } from '../../components/hold-tree-picker';
import { useHoldTree } from '../../components/use-hold-tree';
import { holdLabel } from './hold-label';

interface HoldPopoverProps {
  /** The picked organisation; undefined is the caller's own. */
  value: number | undefined;
  onPick: (holdId: number) => void;
}

/**
 * 人员统计's organisation picker: the tree in a floating layer, opened by a button that names the picked
 * organisation; picking one closes the layer and queries again (spec section 2).
 */
export function HoldPopover({ value, onPick }: HoldPopoverProps) {
  const [open, setOpen] = useState(false);
  const tree = useHoldTree();
  const nodes = tree.data ?? [];
  const name = holdLabel(nodes, value ?? rootHoldId(nodes)) || (tree.isPending ? '组织加载中…' : '选择组织');

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      arrow={false}
      styles={{ container: { padding: 0 } }}
      content={
        <HoldTreePicker
          value={value}
          onChange={(holdId) => {
            setOpen(false);
            onPick(holdId);
          }}
        />
      }
    >
      <Button icon={<ApartmentOutlined />} aria-label={`组织：${name}`} aria-expanded={open}>
        {name}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Popover>
  );
}
