import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex } from 'antd';
import type { PagedList } from './use-paged-list';

interface ChildrenToolbarProps {
  list: Pick<PagedList<unknown>, 'params' | 'searchWith'>;
  /** False until the tree knows which organisation a new row goes to. */
  canAdd: boolean;
  onAdd: () => void;
}

/**
 * Above a list of an organisation's settings (告警推送, 定时报表): 包含下级 (on at first, applies at once), 查询 and
 * 新增.
 */
export function ChildrenToolbar({ list, canAdd, onAdd }: ChildrenToolbarProps) {
  const includeChildren = list.params.filters?.includeChildren !== false;
  return (
    <Flex gap={8} wrap align="center" role="search">
      <Checkbox
        checked={includeChildren}
        onChange={(event) => list.searchWith({ includeChildren: event.target.checked })}
      >
        包含下级
      </Checkbox>
      <Button type="primary" icon={<SearchOutlined />} onClick={() => list.searchWith({ includeChildren })}>
        查询
      </Button>
      <Button icon={<PlusOutlined />} disabled={!canAdd} onClick={onAdd}>
        新增
      </Button>
    </Flex>
  );
}
