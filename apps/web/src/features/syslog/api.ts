import { LogType } from '@guard-tour/contract';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

/** Which log a screen lists: operations (every type but login) or logins. */
export type LogKind = 'operation' | 'login';

export function syslogListKey(kind: LogKind) {
  return [...QUERY_KEYS.syslog, kind] as const;
}

/** `logType: [1]` lists login logs, `[]` every other type (API.md). */
export function logTypesOf(kind: LogKind): number[] {
  return kind === 'login' ? [LogType.login] : [];
}

/** Log entries of the picked organisation and below; the keyword matches account, name, organisation, content or IP. */
export async function listLogs(kind: LogKind, params: ListParams, signal?: AbortSignal) {
  return api.syslog.listLogs(
    { logType: logTypesOf(kind), key: params.keyword, holdId: params.holdId, ...pagingOf(params) },
    { signal },
  );
}
