import { ALERT_KIND_TEXT, AlertKind, AlertState, ALERT_STATE_TEXT } from '@guard-tour/contract';
import { Tag } from 'antd';

/** Each kind its colour: the two flags a punch can carry red (疑似代打) and orange (时钟异常). */
const KIND_COLOR: Record<number, string> = {
  [AlertKind.missed]: 'volcano',
  [AlertKind.offline]: 'purple',
  [AlertKind.clock]: 'orange',
  [AlertKind.proxy]: 'red',
  [AlertKind.noShow]: 'cyan',
  [AlertKind.inspection]: 'magenta',
  [AlertKind.overdue]: 'gold',
  [AlertKind.sos]: 'red',
  [AlertKind.checkIn]: 'orange',
  [AlertKind.position]: 'geekblue',
};

const TEXT_COLOR: Record<string, string> = Object.fromEntries(
  Object.entries(ALERT_KIND_TEXT).map(([kind, text]) => [text, KIND_COLOR[Number(kind)] ?? 'default']),
);

/** An alert's kind; the row's kind_name for a kind this console does not know. */
export function AlertKindTag({ kind, name }: { kind: number; name?: string }) {
  const text = ALERT_KIND_TEXT[kind as AlertKind] ?? (name?.trim() || '告警');
  return (
    <Tag color={KIND_COLOR[kind] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}

/** 未处理 (orange) or 已处理 (green). */
export function AlertStateTag({ state }: { state: number }) {
  const handled = state === AlertState.handled;
  const responded = state === AlertState.responded;
  return (
    <Tag color={handled ? 'success' : responded ? 'processing' : 'warning'} style={{ marginInlineEnd: 0 }}>
      {ALERT_STATE_TEXT[handled || responded ? state : AlertState.open]}
    </Tag>
  );
}

/** A punch's flag (疑似代打 red, 时钟异常 orange); nothing for a punch without one. */
export function PunchFlagTag({ flag }: { flag: string | null | undefined }) {
  const text = flag?.trim();
  if (!text) return null;
  return (
    <Tag color={TEXT_COLOR[text] ?? 'red'} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}
