import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

interface ListToolbarProps {
  /** The keyword box's label (名称, 关键字). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  /** Buttons after 查询 (新增). */
  extra?: ReactNode;
  /** A control just before the keyword box: the search type select of screens that have one. */
  filter?: ReactNode;
  /** Labelled filters before the keyword's label (状态). */
  leading?: ReactNode;
  /** Filters between the keyword box and the search button (a second keyword, 包含下级). */
  options?: ReactNode;
  /** The search button's text: 查询 unless the screen says otherwise (巡检任务 says 搜索). */
  searchText?: string;
}

/** The filter bar above a list: a keyword box, 查询 (Enter does the same), and the screen's own buttons. */
export function ListToolbar({
  label,
  placeholder,
  value,
  onChange,
  onSearch,
  extra,
  filter,
  leading,
  options,
  searchText = '查询',
}: ListToolbarProps) {
  const id = useId();
  return (
    <Flex gap={8} wrap align="center" role="search">
      {leading}
      <Typography.Text>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {filter}
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onPressEnter={onSearch}
        placeholder={placeholder}
        allowClear
        maxLength={100}
        style={{ width: 240 }}
      />
      {options}
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
        {searchText}
      </Button>
      {extra}
    </Flex>
  );
}
