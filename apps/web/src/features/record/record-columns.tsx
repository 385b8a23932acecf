import type { PunchRow } from '@guard-tour/contract';
import { Flex, type TableColumnsType } from 'antd';
import { PunchFlagTag } from '../../components/alert-tags';
import { PunchPlace } from '../../components/punch-place';
import { NOWRAP, shown } from '../../components/cells';
import { CheckResult } from '../../components/check-result';
import { NoteText } from '../../components/note-text';
import { PhotoThumbs } from '../../components/photo-thumbs';
import { WeekdayTag } from '../../components/weekday-tag';
import type { CardTotalItem } from './api';

const text = (value: string | number | null | undefined) => shown(value);

/** A punch's 事件上报: its note on one line (all of it in a tooltip) and its photos; empty when it has neither. */
function PunchEvent({ row }: { row: PunchRow }) {
  const note = row.note?.trim() ?? '';
  const photos = row.photo_ids ?? [];
  if (!note && photos.length === 0) return null;
  return (
    <Flex gap={6} align="center">
      {note && <NoteText note={note} maxWidth={photos.length > 0 ? 110 : 200} />}
      <PhotoThumbs photoIds={photos} size={28} />
    </Flex>
  );
}

/** The punch table of 打卡数据, 设备统计, 人员统计 and 巡检记录 (spec section 2), with each punch's flag. */
export const PUNCH_TABLE_COLUMNS: TableColumnsType<PunchRow> = [
  {
    title: '星期',
    dataIndex: 'weekly',
    width: 72,
    ...NOWRAP,
    render: (value: string) => <WeekdayTag weekday={value} />,
  },
  { title: '日期时间', dataIndex: 'create_time', ...NOWRAP, render: text },
  // A punch that raised 疑似代打 or 时钟异常 says so beside its time; an empty cell otherwise.
  {
    title: '标记',
    dataIndex: 'flag',
    width: 96,
    ...NOWRAP,
    render: (value: string | null | undefined) => <PunchFlagTag flag={value} />,
  },
  { title: '巡检点', dataIndex: 'patrol_name', ...NOWRAP, render: text },
  { title: '卡号', dataIndex: 'patrol_sn', ...NOWRAP, render: text },
  { title: '设备号', dataIndex: 'device_no', ...NOWRAP, render: text },
  { title: '账号', dataIndex: 'user_name', ...NOWRAP, render: text },
  { title: '姓名', dataIndex: 'true_name', ...NOWRAP, render: text },
  { title: '当前路线', dataIndex: 'road_name', ...NOWRAP, render: text },
  { title: '所属组织', dataIndex: 'hold_name', ...NOWRAP, render: text },
  // SAFETY.md: how far from its point the phone was, or 无定位.
  { title: '位置', key: 'place', width: 110, ...NOWRAP, render: (_, row) => <PunchPlace row={row} /> },
  { title: '事件', key: 'event', width: 220, render: (_, row) => <PunchEvent row={row} /> },
  {
    title: '检查结果',
    dataIndex: 'check_result',
    width: 100,
    ...NOWRAP,
    render: (value: string, row) => <CheckResult punchId={row.punch_id} result={value} />,
  },
];

/** 巡检点统计: date, card number, name, count, organisation (spec section 2). */
export const CARD_TOTAL_COLUMNS: TableColumnsType<CardTotalItem> = [
  { title: '日期', dataIndex: 'create_date', ...NOWRAP, render: text },
  { title: '卡号', dataIndex: 'patrol_sn', ...NOWRAP, render: text },
  { title: '巡检点名称', dataIndex: 'patrol_name', render: text },
  { title: '次数', dataIndex: 'total_patrol_card', align: 'right', width: 96, ...NOWRAP, render: text },
  { title: '所属组织', dataIndex: 'hold_name', render: text },
];
