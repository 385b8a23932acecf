import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import { preparedStatement } from '../db/statements.js';
import { hold } from '../db/schema.js';
import { actorOf, type Actor, type Caller } from '../http/caller.js';
import { forbidden, notFound } from '../errors.js';
import type { AccessCache } from '../http/access-cache.js';

export interface HoldRef {
  hold_id: number;
  hold_name: string;
  hold_type: number;
  path: string;
}

/**
 * The caller's organisation scope (DOMAIN.md, Organisations and scope): its own organisation and everything
 * below it, with who the caller is and the address the call came from. The auth hook builds one per request;
 * every call goes through it, and a feature uses it in one line:
 *   const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
 */
export class Scope {
  constructor(
    private readonly db: Queryable,
    readonly caller: Caller,
    /** The address the call came from (behind TRUST_PROXY's balancers, the client's). */
    readonly ip: string,
    /** The server's kept answers (issue 36): the organisations a list covers are read once, not per call. */
    private readonly access?: AccessCache,
  ) {}

  /** The same scope reading through a transaction (which reads the organisations anew: it may have changed them). */
  on(db: Queryable): Scope {
    return new Scope(db, this.caller, this.ip);
  }

  /** Who made the call and from where: what the audit log records. */
  get actor(): Actor {
    return actorOf(this.caller, this.ip);
  }

  /** Whether an organisation path lies inside the caller's subtree. */
  covers(path: string): boolean {
    return path.startsWith(this.caller.holdPath);
  }

  /** Whether the organisation lies strictly below the caller's own (the caller is its ancestor). */
  isAncestorOf(path: string): boolean {
    return this.covers(path) && path !== this.caller.holdPath;
  }

  /** A live organisation named in a request (`holdId`): missing means the caller's own; outside → 403. */
  async hold(holdId: number | undefined): Promise<HoldRef> {
    const target = holdId ?? this.caller.holdId;
    const [row] = await this.db
      .select({ hold_id: hold.hold_id, hold_name: hold.hold_name, hold_type: hold.hold_type, path: hold.path })
      .from(hold)
      .where(and(eq(hold.hold_id, target), isNull(hold.deleted_at)));
    if (!row || !this.covers(row.path)) throw forbidden();
    return row;
  }

  /**
   * The organisation ids a list covers: the named one (checked, 403 outside) and, with include-children
   * (the default), every organisation below it — deleted ones too, so their history stays visible above them.
   * One query, the check and the subtree together, kept by the server until an organisation changes.
   */
  async holdIds(holdId: number | undefined, includeChildren = true): Promise<number[]> {
    const target = holdId ?? this.caller.holdId;
    const { holdPath } = this.caller;
    const read = async () => {
      const statement = includeChildren ? subtreeIds(this.db) : ownId(this.db);
      const rows = await statement.execute({ holdId: target, callerPath: holdPath });
      return rows.map((r) => r.id);
    };
    const key = `scope:${includeChildren ? 'tree' : 'own'}:${target}:${holdPath}`;
    const ids = this.access ? await this.access.through(key, read, () => Infinity) : await read();
    if (ids.length === 0) throw forbidden();
    return [...ids];
  }

  /** An object found by id is shown only if its organisation is in scope: otherwise it does not exist (404). */
  async visible<T extends { hold_id: number }>(row: T | undefined, missing = '数据不存在或已删除'): Promise<T> {
    if (!row) throw notFound(missing);
    const [owner] = await this.db.select({ path: hold.path }).from(hold).where(eq(hold.hold_id, row.hold_id));
    if (!owner || !this.covers(owner.path)) throw notFound(missing);
    return row;
  }
}

/**
 * The ids of a live organisation inside the caller's subtree (`callerPath`) and, with `withChildren`, of every
 * organisation below it; nothing when it lies outside. Named statements: nearly every list call runs one.
 */
function holdIdsStatement(withChildren: boolean, name: string) {
  return preparedStatement((q) => {
    const root = alias(hold, 'root');
    return q
      .select({ id: hold.hold_id })
      .from(root)
      .innerJoin(hold, withChildren ? sql`starts_with(${hold.path}, ${root.path})` : eq(hold.hold_id, root.hold_id))
      .where(
        and(
          eq(root.hold_id, sql.placeholder('holdId')),
          isNull(root.deleted_at),
          sql`starts_with(${root.path}, ${sql.placeholder('callerPath')})`,
        ),
      )
      .prepare(name);
  });
}
const subtreeIds = holdIdsStatement(true, 'scope_subtree_ids');
const ownId = holdIdsStatement(false, 'scope_own_id');
