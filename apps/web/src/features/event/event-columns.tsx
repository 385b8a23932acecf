import type { TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { NoteText } from '../../components/note-text';
import { PhotoThumbs } from '../../components/photo-thumbs';
import type { EventItem } from './api';

const text = (value: string | null | undefined) => shown(value);

/** 事件记录: when and where, who with which device, what they wrote and photographed, and the organisation. */
export const EVENT_COLUMNS: TableColumnsType<EventItem> = [
  { title: '时间', dataIndex: 'punch_time', ...NOWRAP, render: text },
  { title: '巡检点', dataIndex: 'patrol_name', ...NOWRAP, render: text },
  { title: '卡号', dataIndex: 'patrol_sn', ...NOWRAP, render: text },
  {
    title: '巡检人',
    key: 'walker',
    ...NOWRAP,
    render: (_, row) => shown(row.true_name?.trim() || row.user_name),
  },
  { title: '设备', dataIndex: 'device_no', ...NOWRAP, render: text },
  {
    title: '说明',
    dataIndex: 'note',
    width: 240,
    render: (value: string) => (value?.trim() ? <NoteText note={value} maxWidth={224} /> : '—'),
  },
  {
    title: '照片',
    dataIndex: 'photo_ids',
    width: 160,
    render: (value: number[]) => (value?.length ? <PhotoThumbs photoIds={value} size={44} /> : '—'),
  },
  { title: '所属组织', dataIndex: 'hold_name', ...NOWRAP, render: text },
];

/** Wide enough for a note and three photos beside the rest; narrower screens scroll the table sideways. */
export const EVENT_TABLE_WIDTH = 1280;
