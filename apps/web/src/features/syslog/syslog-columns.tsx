import type { SysLogRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';

const text = (value: string) => shown(value);

export const SYSLOG_COLUMNS: TableColumnsType<SysLogRow> = [
  { title: '类型', dataIndex: 'log_type_text', ...NOWRAP, render: text },
  { title: '账号', dataIndex: 'user_name', ...NOWRAP, render: text },
  { title: '姓名', dataIndex: 'true_name', ...NOWRAP, render: text },
  { title: '所属组织', dataIndex: 'hold_name', ...NOWRAP, render: text },
  { title: '内容', dataIndex: 'log_content', render: text },
  { title: '时间', dataIndex: 'create_date', ...NOWRAP, render: text },
  { title: 'IP', dataIndex: 'ip', ...NOWRAP, render: text },
];
