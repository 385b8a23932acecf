import { POINT_RESULT_TEXT, PointResult } from '@guard-tour/contract';
import { Tag } from 'antd';

/** Each point result its own colour: 正常 green, 早到 blue, 迟到 orange, 漏检 red, 待检 grey. */
export const POINT_RESULT_COLOR: Readonly<Record<PointResult, string>> = {
  [PointResult.pending]: 'default',
  [PointResult.onTime]: 'green',
  [PointResult.early]: 'blue',
  [PointResult.late]: 'orange',
  [PointResult.missed]: 'red',
};

function known(result: number): result is PointResult {
  return Object.prototype.hasOwnProperty.call(POINT_RESULT_TEXT, result);
}

/** The Chinese name of a point result; 未知 for a code this client does not know. */
export function pointResultText(result: number | null | undefined): string {
  return typeof result === 'number' && known(result) ? POINT_RESULT_TEXT[result] : '未知';
}

/** A point's result as a coloured tag. */
export function PointResultTag({ result }: { result: number | null | undefined }) {
  const color = typeof result === 'number' && known(result) ? POINT_RESULT_COLOR[result] : 'default';
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {pointResultText(result)}
    </Tag>
  );
}
