import { STATUS_TEXT } from '@guard-tour/contract';
import { Tag } from 'antd';

/** Each status its own colour (spec section 4): grey waiting, blue running, green done, red missed, dark closed. */
export const STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: '#8c8c8c',
};

/** The status filter of the road and task lists: -1 = 全部, then 0–4. */
export const STATUS_FILTER_OPTIONS: { value: number; label: string }[] = [
  { value: -1, label: '全部' },
  ...[0, 1, 2, 3, 4].map((value) => ({ value, label: STATUS_TEXT[value] ?? '' })),
];

/** The Chinese name of a status; the server's text for a code this client does not know. */
export function statusText(status: number | null | undefined, serverText?: string | null): string {
  const known = status === null || status === undefined ? undefined : STATUS_TEXT[status];
  return known ?? (serverText?.trim() || '未知');
}

interface StatusTagProps {
  status: number | null | undefined;
  /** The row's status_text, used only for a status this client does not know. */
  text?: string | null;
}

/** A road's or task's status as a coloured tag: 未开始, 进行中, 已结束, 异常, 关闭. */
export function StatusTag({ status, text }: StatusTagProps) {
  const color = status === null || status === undefined ? 'default' : (STATUS_COLOR[status] ?? 'default');
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {statusText(status, text)}
    </Tag>
  );
}
