import type { LoginClient, PermissionKey } from '@guard-tour/contract';

/** The logged-in account behind a request, resolved once from its bearer token. */
export interface Caller {
  sessionId: number;
  userId: number;
  userName: string;
  trueName: string;
  holdId: number;
  holdName: string;
  holdType: number;
  /** Materialised path of the caller's organisation, `/1/5/`: its scope is everything under it. */
  holdPath: string;
  /** Effective service expiry `YYYY-MM-DD` (own organisation or an ancestor), '' when none. */
  serviceEnd: string;
  defaultPassword: boolean;
  /** The account's one role (ROLES.md) and the keys this session may use: an app session only the app's. */
  roleId: number;
  roleName: string;
  permissions: ReadonlySet<PermissionKey>;
  /** Who logged in: the console, or the guard app (its session may make only the app's calls). */
  client: LoginClient;
  /** The phone `RegisterApp` bound the session to, if any. */
  deviceId: number | null;
}

/** Who made a request and from where: what the audit log records. */
export interface Actor {
  userId: number | null;
  userName: string;
  trueName: string;
  holdId: number;
  holdName: string;
  ip: string;
}

export function actorOf(caller: Caller, ip: string): Actor {
  return {
    userId: caller.userId,
    userName: caller.userName,
    trueName: caller.trueName,
    holdId: caller.holdId,
    holdName: caller.holdName,
    ip,
  };
}
