import type { SysLogRow } from '@guard-tour/contract';
import { ListToolbar } from '../../components/list-toolbar';
import { TreeListPage } from '../../components/tree-list-page';
import { usePagedList } from '../../components/use-paged-list';
import { listLogs, syslogListKey, type LogKind } from './api';
import { SYSLOG_COLUMNS } from './syslog-columns';

/** 操作日志 and 登录日志: one screen, told which log to list. Logs grow behind the screen, so every visit reads afresh. */
export function SysLogPage({ kind }: { kind: LogKind }) {
  const list = usePagedList<SysLogRow>(syslogListKey(kind), (params, signal) => listLogs(kind, params, signal), {
    staleTime: 0,
  });

  return (
    <TreeListPage<SysLogRow>
      label={kind === 'login' ? '登录日志列表' : '操作日志列表'}
      list={list}
      columns={SYSLOG_COLUMNS}
      rowKey="log_id"
      toolbar={
        <ListToolbar
          label="关键字"
          placeholder="账号、姓名、组织、内容或IP"
          value={list.draft}
          onChange={list.setDraft}
          onSearch={list.search}
        />
      }
    />
  );
}

export function OperationLogPage() {
  return <SysLogPage kind="operation" />;
}

export function LoginLogPage() {
  return <SysLogPage kind="login" />;
}
