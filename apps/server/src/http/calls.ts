import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { replySchema, type AnswerOf, type Call, type ParsedInputOf } from '@guard-tour/contract';
import type { AppContext } from '../context.js';
import { scopeOfRequest } from './auth.js';
import { JSON_TYPE, ok, okBytes } from './envelope.js';
import { isWritten } from '../db/json-rows.js';
import { checkWritten } from './reply-serializer.js';
import type { Scope } from '../features/scope.js';

/** What a handler gets: the checked input and, on bearer calls, the caller's scope (who, where from, what). */
export interface CallContext<C extends Call> {
  input: ParsedInputOf<C>;
  scope: C['auth'] extends 'bearer' ? Scope : never;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler answers: the call's data (a page for a list; nothing for a call answering null), or a file's reply. */
type Answer<C extends Call> = C['kind'] extends 'file'
  ? FastifyReply
  : null extends AnswerOf<C>
    ? AnswerOf<C> | void
    : AnswerOf<C>;

/** A handler maps a call to one service function; the envelope is added by `serveCalls`. */
export type Handler<C extends Call> = (call: CallContext<C>) => Promise<Answer<C>> | Answer<C>;

export type Handlers<T extends Record<string, Call>> = { [K in keyof T]: Handler<T[K]> };

/** Route options beyond what the entry says (the upload's own error handler). */
export type RouteExtras<T extends Record<string, Call>> = {
  [K in keyof T]?: Pick<RouteOptions, 'errorHandler' | 'bodyLimit'>;
};

/** The OpenAPI and serialisation schema of a call's successful reply. */
function responseOf(one: Call): Record<number, unknown> {
  if (one.kind === 'file') {
    return {
      200: {
        description: one.summary,
        content: { [one.fileType ?? 'application/octet-stream']: { schema: one.output } },
      },
    };
  }
  return { 200: replySchema(one) };
}

/**
 * Registers one area's calls from the call table: path, method, auth, validation of the input, the response
 * schema (a field the output schema does not name never leaves the server) and the OpenAPI operation. The
 * handler returns data; the envelope `{code, msg, data, total}` is added here and nowhere else.
 */
export function serveCalls<T extends Record<string, Call>>(
  app: FastifyInstance,
  table: T,
  handlers: Handlers<T>,
  extras: RouteExtras<T> = {},
  checkReplies = false,
): void {
  for (const name of Object.keys(table) as (keyof T & string)[]) {
    const one: Call = table[name]!;
    const handle = handlers[name] as (call: CallContext<Call>) => Promise<unknown>;
    app.route({
      ...extras[name],
      method: one.method,
      url: one.path,
      config: { auth: one.auth, ...(one.permission === undefined ? {} : { permission: one.permission }) },
      schema: {
        tags: one.tags,
        summary: one.summary,
        ...(one.input ? { [one.method === 'GET' ? 'querystring' : 'body']: one.input } : {}),
        response: responseOf(one),
      },
      handler: async (request, reply) => {
        const answer = await handle({
          input: (one.method === 'GET' ? request.query : request.body) as never,
          scope: (one.auth === 'bearer' ? scopeOfRequest(request) : undefined) as never,
          request,
          reply,
        });
        if (one.kind === 'file' || one.kind === 'raw') return answer;
        if (one.kind === 'list') {
          const page = answer as { rows: unknown[]; total: number };
          if (!isWritten(page)) return ok(page.rows, page.total);
          // Rows written as JSON from the database's bytes: the envelope around them, sent as they are.
          const bytes = okBytes(page.array, page.total);
          if (checkReplies) checkWritten(replySchema(one), one.path, bytes);
          return reply.type(JSON_TYPE).send(bytes);
        }
        return ok(answer ?? null);
      },
    });
  }
}

/** A feature's routes: its area of the call table, each entry mapped to one service function. */
export function routesOf<T extends Record<string, Call>>(
  table: T,
  handlersOf: (ctx: AppContext) => Handlers<T>,
  setUp?: (app: FastifyInstance, ctx: AppContext) => Promise<RouteExtras<T> | void>,
) {
  return async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const extras = (await setUp?.(app, ctx)) ?? {};
    serveCalls(app, table, handlersOf(ctx), extras, ctx.config.checkReplies);
  };
}
