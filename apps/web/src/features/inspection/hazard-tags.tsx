import { HAZARD_LEVEL_TEXT, HAZARD_STATE_TEXT, type HazardLevel, type HazardState } from '@guard-tour/contract';
import { Tag } from 'antd';

const STATE_COLOR: Record<number, string> = { 0: 'error', 1: 'processing', 2: 'warning', 3: 'success', 4: 'default' };

export function HazardStateTag({ state }: { state: number }) {
  return (
    <Tag color={STATE_COLOR[state] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {HAZARD_STATE_TEXT[state as HazardState] ?? state}
    </Tag>
  );
}

export function HazardLevelTag({ level }: { level: number }) {
  return (
    <Tag color={level === 2 ? 'red' : 'blue'} style={{ marginInlineEnd: 0 }}>
      {HAZARD_LEVEL_TEXT[level as HazardLevel] ?? level}
    </Tag>
  );
}
