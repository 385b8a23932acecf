import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex } from 'antd';

interface ChildrenToolbarProps {
  includeChildren: boolean;
  onIncludeChildren: (checked: boolean) => void;
  onSearch: () => void;
  /** False until the tree knows which organisation a new row goes to. */
  canAdd: boolean;
  onAdd: () => void;
}

/** Above a list of an organisation's settings (告警推送, 定时报表): 包含下级 (applies at once), 查询 and 新增. */
export function ChildrenToolbar({ includeChildren, onIncludeChildren, onSearch, canAdd, onAdd }: ChildrenToolbarProps) {
  return (
    <Flex gap={8} wrap align="center" role="search">
      <Checkbox checked={includeChildren} onChange={(event) => onIncludeChildren(event.target.checked)}>
        包含下级
      </Checkbox>
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
        查询
      </Button>
      <Button icon={<PlusOutlined />} disabled={!canAdd} onClick={onAdd}>
        新增
      </Button>
    </Flex>
  );
}
