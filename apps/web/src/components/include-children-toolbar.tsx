import { Checkbox } from 'antd';
import { useState, type ReactNode } from 'react';
import { ListToolbar } from './list-toolbar';
import type { PagedList } from './use-paged-list';

interface IncludeChildrenToolbarProps {
  /** The name box's label and placeholder (角色名称, 线路名称). */
  label: string;
  placeholder: string;
  list: Pick<PagedList<unknown>, 'draft' | 'setDraft' | 'searchWith'>;
  /** The screen's own buttons (新增). */
  extra: ReactNode;
}

/** A name + 包含下级 (on at first, applies at once) + 查询, as the role and simple road screens have it. */
export function IncludeChildrenToolbar({ label, placeholder, list, extra }: IncludeChildrenToolbarProps) {
  const [includeChildren, setIncludeChildren] = useState(true);
  return (
    <ListToolbar
      label={label}
      placeholder={placeholder}
      value={list.draft}
      onChange={list.setDraft}
      onSearch={() => list.searchWith({ includeChildren })}
      options={
        <Checkbox
          checked={includeChildren}
          onChange={(event) => {
            setIncludeChildren(event.target.checked);
            list.searchWith({ includeChildren: event.target.checked });
          }}
        >
          包含下级
        </Checkbox>
      }
      extra={extra}
    />
  );
}
