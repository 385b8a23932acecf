import { Worker } from 'node:worker_threads';
import {
  Mutex,
  PGlite,
  TransactionAbortedError,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { query as template } from '@electric-sql/pglite/template';
import { bindMessage } from './bind.js';
import { readReply, type ReadReply } from './reply.js';

const WORKER = new URL('./worker.mjs', import.meta.url);

/** The engine's reply to one message: its backend messages, as bytes. */
type Reply = Uint8Array;
/** What this client takes from PGlite's base class: its parameter serializers and result parsers by type. */
interface EngineBase {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  _initArrayTypes(options?: { force?: boolean }): Promise<void>;
}
// PGlite's base class: the serializers and parsers (array types learnt from the database at start).
const BasePGlite = Object.getPrototypeOf(PGlite) as abstract new () => EngineBase;

const { serialize } = protocol;
const SYNC = serialize.sync();
/** How many statement texts' parameter types are kept. */
const MAX_KNOWN_STATEMENTS = 2_000;
/** A command that may change the types a statement's parameters take. */
const SCHEMA_CHANGE = /^(CREATE|ALTER|DROP)\b/;

/** A database error as PGlite's own query reports it: with the statement, its values and options. */
function withStatement(error: Error, query: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
  return Object.assign(error, { query, params, queryOptions: options });
}

/**
 * PGlite with its engine on a worker thread: the server's JavaScript (HTTP, validation, building queries, reading
 * results) runs on the main thread while the database works on the other core, where in-process PGlite does both
 * on one. Same answers, errors and notifications as PGlite's own client (thread.test.ts compares them).
 *
 * A statement goes to the thread as one message (parse, bind, execute, sync: its parameter types are asked once
 * per statement text). Outside a transaction it does not wait for those sent before it: the engine answers them
 * in order and always has the next one at hand. A transaction (or a simple query) waits until they are answered,
 * then has the engine to itself until it ends.
 */
export class ThreadedPglite extends BasePGlite {
  debug = 0 as const;
  readonly #worker: Worker;
  readonly #exclusive = new Mutex();
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  /** Parameter types by statement text (forgotten when the schema changes). */
  readonly #paramTypes = new Map<string, number[]>();
  /** Parse messages by statement text (the text's bytes, written once). */
  readonly #parses = new Map<string, Uint8Array>();
  #nextId = 1;
  /** The last statement asked for, once sent: the next is sent after it. */
  #turns: Promise<unknown> = Promise.resolve();
  /** Statements sent outside a transaction and not yet answered; a transaction starts when there are none. */
  #inFlight = 0;
  #drained: (() => void)[] = [];
  #closed = false;

  private constructor(worker: Worker) {
    super();
    this.#worker = worker;
    worker.on('message', (message: { id?: number; reply?: Reply; message?: string }) => {
      const waiting = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id!);
      if (message.message !== undefined) waiting.reject(new Error(message.message));
      else waiting.resolve(message.reply ?? new Uint8Array(0));
    });
    const fail = (error: Error) => {
      this.#closed = true;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('PGlite thread exited')));
  }

  /** Opens PGlite in `dir` (`memory://` for an in-memory one) on a new thread. */
  static async create(dir: string): Promise<ThreadedPglite> {
    const worker = new Worker(WORKER, { workerData: { dir } });
    const ready = await new Promise<{ ready: boolean; message?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PGlite thread exited with ${code}`)));
    });
    if (!ready.ready) {
      await worker.terminate();
      throw new Error(ready.message ?? 'PGlite did not start');
    }
    const engine = new ThreadedPglite(worker);
    await engine._initArrayTypes();
    return engine;
  }

  /** One statement outside a transaction, sent without waiting for those before it (see the class). */
  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    this.#checkOpen();
    while (this.#exclusive.isLocked()) await this.#exclusive.waitForUnlock();
    this.#inFlight += 1;
    try {
      return await this.#statement<T>(text, params, options);
    } finally {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) for (const wake of this.#drained.splice(0)) wake();
    }
  }

  /** Statements separated by semicolons, without parameters (PostgreSQL's simple query), the engine alone. */
  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    this.#checkOpen();
    return this.#alone(() => this.#simple(text, options));
  }

  /**
   * `callback` with a transaction that has the engine to itself: committed when it returns, rolled back when it
   * throws (or calls `rollback`); a COMMIT the database turns into a rollback throws, as PGlite's does.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    this.#checkOpen();
    return this.#alone(async () => {
      await this.#simple('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#statement<R>(text, params ?? [], options);
        },
        sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
          open();
          const { query, params } = template(strings, ...values);
          return this.#statement<R>(query, params, undefined);
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.#simple(text, options);
        },
        rollback: async () => {
          open();
          await this.#simple('ROLLBACK');
          closed = true;
        },
        listen: async (channel: string, callback: (payload: string) => void) => {
          open();
          return this.#listen(channel, callback, tx);
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.#simple('COMMIT');
          if (commit?.command === 'ROLLBACK') throw withStatement(new TransactionAbortedError(), 'COMMIT', [], {});
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#simple('ROLLBACK');
        }
        throw error;
      }
    });
  }

  /** LISTEN on `channel`: `callback` gets each payload NOTIFYed there, once its transaction commits. */
  async listen(channel: string, callback: (payload: string) => void) {
    this.#checkOpen();
    return this.#alone(() => this.#listen(channel, callback));
  }

  async #listen(channel: string, callback: (payload: string) => void, tx?: Transaction) {
    const name = channel.toLowerCase();
    const listeners = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, listeners.add(callback));
    await (tx ? tx.exec(`LISTEN ${channel}`) : this.#simple(`LISTEN ${channel}`));
    return async () => {
      listeners.delete(callback);
      if (listeners.size === 0 && !this.#closed) await this.exec(`UNLISTEN ${channel}`);
    };
  }

  /** Waits for what is running, shuts the engine down cleanly (its folder stays consistent), ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#alone(async () => {
      await this.#send({ close: true });
      this.#closed = true;
    });
    await this.#worker.terminate();
  }

  #checkOpen() {
    if (this.#closed) throw new Error('PGlite is closed');
  }

  /** `work` with the engine to itself, once the statements sent before are answered. */
  #alone<T>(work: () => Promise<T>): Promise<T> {
    return this.#exclusive.runExclusive(async () => {
      if (this.#inFlight > 0) await new Promise<void>((wake) => this.#drained.push(wake));
      return work();
    });
  }

  /**
   * A statement, sent in its turn: statements reach the engine in the order they were asked for, and the next
   * is sent without waiting for this one's answer (a transaction's independent statements, asked for together,
   * then cost the engine no wait between them).
   */
  async #statement<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const { reply } = await this.#inTurn(async () => {
      const types = this.#paramTypes.get(text) ?? (await this.#describe(text, params, options));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[types[i]!] ?? this.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const bytes = Buffer.concat([
        this.#parse(text, options),
        bindMessage(values),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        SYNC,
      ]);
      return { reply: this.#send({ bytes }) };
    });
    const { results, failure } = this.#read(await reply, options);
    if (failure) throw withStatement(failure, text, params, options);
    return results[0] as Results<T>;
  }

  /** The types of a statement's parameters, asked of the engine once per text (in the statement's turn). */
  async #describe(text: string, params: unknown[], options: QueryOptions | undefined): Promise<number[]> {
    const bytes = Buffer.concat([this.#parse(text, options), serialize.describe({ type: 'S' }), SYNC]);
    const { paramTypes: types, failure } = this.#read(await this.#send({ bytes }));
    if (failure) throw withStatement(failure, text, params, options);
    if (!options?.paramTypes) {
      // Statement texts are few (values travel as parameters); should some carry values, the cache stays bounded.
      if (this.#paramTypes.size >= MAX_KNOWN_STATEMENTS) this.#paramTypes.clear();
      this.#paramTypes.set(text, types);
    }
    return types;
  }

  /** The Parse message of a statement, kept per text unless the caller gave its parameter types. */
  #parse(text: string, options: QueryOptions | undefined): Uint8Array {
    if (options?.paramTypes) return serialize.parse({ text, types: options.paramTypes });
    let parse = this.#parses.get(text);
    if (!parse) {
      if (this.#parses.size >= MAX_KNOWN_STATEMENTS) this.#parses.clear();
      parse = serialize.parse({ text });
      this.#parses.set(text, parse);
    }
    return parse;
  }

  async #simple(text: string, options?: QueryOptions): Promise<Results[]> {
    const { reply } = await this.#inTurn(async () => ({ reply: this.#send({ bytes: serialize.query(text) }) }));
    const { results, failure } = this.#read(await reply, options);
    if (failure) throw withStatement(failure, text, undefined, options);
    return results;
  }

  /** `send` once those asked for before it are sent. */
  #inTurn<T>(send: () => Promise<T>): Promise<T> {
    const turn = this.#turns.then(send);
    this.#turns = turn.catch(() => {});
    return turn;
  }

  /**
   * A reply read up to its first error (PGlite reads no further either); notifications go to their listeners, and
   * a schema change makes parameter types be asked again.
   */
  #read(reply: Reply, options?: QueryOptions): ReadReply {
    const read = readReply(reply, this.parsers, options);
    for (const notification of read.notifications) this.#notify(notification);
    if (read.commands.some((command) => SCHEMA_CHANGE.test(command))) this.#paramTypes.clear();
    return read;
  }

  #notify({ channel, payload }: { channel: string; payload: string }) {
    for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
  }

  #send(message: { bytes?: Uint8Array; close?: true }): Promise<Reply> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }
}
