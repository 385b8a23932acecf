import type {
  FastifyInstance,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { tooManyAttempts } from '../errors.js';
import { appendHook } from './route-hooks.js';

/** Exports one account may have running at once, and this server (OPERATIONS.md, On the wire). */
export const EXPORTS_PER_ACCOUNT = 2;
export const EXPORTS_PER_SERVER = 4;

declare module 'fastify' {
  interface FastifyInstance {
    /** The exports running on this server (tests hold slots through it). */
    exportSlots: Slots;
  }
}

export const TOO_MANY_EXPORTS = '导出任务过多，请等当前导出完成后再试';

/** The calls that write a spreadsheet: `…/Export…` and `PatrolLog/List_Export`. */
export function isExportRoute(url: string | undefined): boolean {
  return url !== undefined && /\/Export|_Export/i.test(url);
}

/** Who keeps the slots: this process (ExportSlots), or the first of a server's workers for all of them (cluster/). */
export interface Slots {
  /** Takes a slot for the account; false when the account or the server has no slot free. */
  take(accountId: number): boolean | Promise<boolean>;
  release(accountId: number): void;
}

/**
 * Counts running exports per account and per server. An export holds its slot until its answer is sent: a
 * spreadsheet of a million rows takes half a minute of a core and its own memory, so it is running work, not a
 * rate, that is limited.
 */
export class ExportSlots implements Slots {
  private readonly running = new Map<number, number>();
  private total = 0;

  constructor(
    readonly perAccount = EXPORTS_PER_ACCOUNT,
    readonly perServer = EXPORTS_PER_SERVER,
  ) {}

  /** Takes a slot for the account; false when the account or the server has no slot free. */
  take(accountId: number): boolean {
    const mine = this.running.get(accountId) ?? 0;
    if (mine >= this.perAccount || this.total >= this.perServer) return false;
    this.running.set(accountId, mine + 1);
    this.total += 1;
    return true;
  }

  release(accountId: number): void {
    const mine = this.running.get(accountId) ?? 0;
    if (mine === 0) return;
    if (mine === 1) this.running.delete(accountId);
    else this.running.set(accountId, mine - 1);
    this.total -= 1;
  }

  /** Exports running now: the account's, or the server's. */
  count(accountId?: number): number {
    return accountId === undefined ? this.total : (this.running.get(accountId) ?? 0);
  }
}

const holder = Symbol('export slot');
type Holding = FastifyRequest & { [holder]?: number };

/**
 * A refused export is code 429 before any of its work (after the auth hook, which named the account: preHandler
 * runs after every onRequest hook). The slot is given back when the answer is sent, whatever it is, and again
 * (harmlessly) when the response ends; a caller that hangs up does not free it while the export still runs. The
 * hooks are the export routes' own: other calls pay nothing for them.
 */
export function registerExportLimit(app: FastifyInstance, slots: Slots = new ExportSlots()): void {
  app.decorate('exportSlots', slots);
  const giveBack = (request: Holding) => {
    const accountId = request[holder];
    request[holder] = undefined;
    if (accountId !== undefined) slots.release(accountId);
  };
  const take: preHandlerAsyncHookHandler = async (request: Holding) => {
    if (!request.caller) return;
    if (!(await slots.take(request.caller.userId))) throw tooManyAttempts(TOO_MANY_EXPORTS);
    request[holder] = request.caller.userId;
  };
  const onSend: onSendHookHandler = (request, _reply, payload, done) => {
    giveBack(request);
    done(null, payload);
  };
  const onResponse: onResponseHookHandler = (request, _reply, done) => {
    giveBack(request);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!isExportRoute(route.url)) return;
    appendHook(route, 'preHandler', take);
    appendHook(route, 'onSend', onSend);
    appendHook(route, 'onResponse', onResponse);
  });
}
