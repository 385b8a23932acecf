import { Form, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { toTreeOptions } from './hold-tree';
import { useHoldTree } from './use-hold-tree';

interface HoldSelectProps {
  id?: string;
  value?: number;
  onChange?: (holdId: number) => void;
  disabled?: boolean;
}

/** The compact organisation picker for forms: the same tree in a drop-down (a Form.Item control). */
export function HoldSelect({ id, value, onChange, disabled }: HoldSelectProps) {
  const tree = useHoldTree();
  const treeData = useMemo(() => toTreeOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={(picked) => onChange?.(picked)}
      disabled={disabled}
      treeData={treeData}
      loading={tree.isPending}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder="请选择组织"
      notFoundContent={tree.isPending ? '组织加载中…' : '暂无组织'}
      style={{ width: '100%' }}
    />
  );
}

/** 所属组织: the organisation an edited object belongs to (the `holdId` field of every 新增 / 编辑 form). */
export function HoldItem() {
  return (
    <Form.Item label="所属组织" name="holdId" required>
      <HoldSelect />
    </Form.Item>
  );
}
