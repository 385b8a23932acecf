import { Transfer, type TransferProps } from 'antd';

/** One thing that can be chosen: its id and how it reads. */
export interface TransferChoice {
  key: number;
  title: string;
}

interface OrderedTransferProps {
  /** The group's accessible name (巡检账号, 巡检点). */
  label: string;
  choices: TransferChoice[];
  /** The chosen ids, in the order they were chosen (a Form.Item control). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** 可选… / 已选… */
  titles: [string, string];
  /** Number the chosen side (the walking order of points). */
  numbered?: boolean;
  loading?: boolean;
  disabled?: boolean;
  id?: string;
}

/**
 * A transfer list that keeps the order of choosing: what is moved right goes to the end of the chosen
 * list (antd would put it first), so a road's points are walked in the order they were picked.
 */
export function OrderedTransfer({
  label,
  choices,
  value = [],
  onChange,
  titles,
  numbered,
  loading,
  disabled,
  id,
}: OrderedTransferProps) {
  const handleChange: TransferProps<TransferChoice>['onChange'] = (next, direction, moved) => {
    if (direction === 'right') {
      const added = moved.map(Number).filter((key) => !value.includes(key));
      onChange?.([...value, ...added]);
    } else {
      onChange?.(next.map(Number));
    }
  };
  const render = (item: TransferChoice) => {
    const index = numbered ? value.indexOf(item.key) : -1;
    return index >= 0 ? `${index + 1}. ${item.title}` : item.title;
  };
  return (
    <div id={id} role="group" aria-label={label}>
      <Transfer<TransferChoice>
        dataSource={choices}
        targetKeys={value}
        onChange={handleChange}
        render={render}
        titles={titles}
        actions={['选入', '移出']}
        showSearch={{ placeholder: '搜索' }}
        filterOption={(input, item) => item.title.toLowerCase().includes(input.trim().toLowerCase())}
        disabled={disabled}
        locale={{ notFoundContent: loading ? '加载中…' : '暂无数据' }}
        styles={{ section: { width: 300, height: 300 } }}
      />
    </div>
  );
}
