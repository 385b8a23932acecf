import type { SysLogRow } from '@guard-tour/contract';
import { ListTable } from '../../components/list-table';
import { ListToolbar } from '../../components/list-toolbar';
import { TreeListLayout } from '../../components/tree-list-layout';
import { usePagedList } from '../../components/use-paged-list';
import { listLogs, syslogListKey, type LogKind } from './api';
import { SYSLOG_COLUMNS } from './syslog-columns';

/** 操作日志 and 登录日志: one screen, told which log to list. Logs grow behind the screen, so every visit reads afresh. */
export function SysLogPage({ kind }: { kind: LogKind }) {
  const list = usePagedList<SysLogRow>(syslogListKey(kind), (params, signal) => listLogs(kind, params, signal), {
    staleTime: 0,
  });

  return (
    <TreeListLayout
      holdId={list.params.holdId}
      onPickHold={list.pickHold}
      toolbar={
        <ListToolbar
          label="关键字"
          placeholder="账号、姓名、组织、内容或IP"
          value={list.draft}
          onChange={list.setDraft}
          onSearch={list.search}
        />
      }
    >
      <ListTable<SysLogRow>
        label={kind === 'login' ? '登录日志列表' : '操作日志列表'}
        list={list}
        columns={SYSLOG_COLUMNS}
        rowKey="log_id"
      />
    </TreeListLayout>
  );
}

export function OperationLogPage() {
  return <SysLogPage kind="operation" />;
}

export function LoginLogPage() {
  return <SysLogPage kind="login" />;
}
