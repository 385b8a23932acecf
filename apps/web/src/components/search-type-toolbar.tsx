import { Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { ListToolbar } from './list-toolbar';
import type { PagedList } from './use-paged-list';

interface SearchTypeToolbarProps<T extends string> {
  /** What the keyword may match (spec section 9). */
  options: readonly { value: T; label: string }[];
  /** The search type chosen at first. */
  initial: T;
  list: Pick<PagedList<unknown>, 'draft' | 'setDraft' | 'searchBy'>;
  /** The screen's own buttons (新增, 导入, …). */
  extra: ReactNode;
}

/** 查询类型 + 关键字 + 查询, as the device and patrol point screens have it. */
export function SearchTypeToolbar<T extends string>({ options, initial, list, extra }: SearchTypeToolbarProps<T>) {
  const [searchType, setSearchType] = useState<T>(initial);
  const typeLabel = options.find((option) => option.value === searchType)?.label ?? '';
  return (
    <ListToolbar
      label="关键字"
      placeholder={`输入${typeLabel}查询`}
      value={list.draft}
      onChange={list.setDraft}
      onSearch={() => list.searchBy(searchType)}
      filter={
        <Select<T>
          aria-label="查询类型"
          value={searchType}
          onChange={setSearchType}
          options={[...options]}
          style={{ width: 120 }}
        />
      }
      extra={extra}
    />
  );
}
