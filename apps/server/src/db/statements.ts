import type { Queryable } from './client.js';

/**
 * Statements built once per database (and per shape: what decides their text, not their values), then run with
 * each call's values. Building a statement with Drizzle was a fifth of a list call's CPU; the hot statements of
 * every request (session look-up, scope, a list's page) are built here once instead.
 */
export function statementCache<T>(): (q: Queryable, shape: string, build: () => T) => T {
  const built = new WeakMap<Queryable, Map<string, T>>();
  return (q, shape, build) => {
    let shapes = built.get(q);
    if (!shapes) built.set(q, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (!statement) shapes.set(shape, (statement = build()));
    return statement;
  };
}

/**
 * A statement of one fixed shape, built once per database. Give it a name (`.prepare(name)` in `build`) only when
 * its best plan does not depend on the values (look-ups by key): PostgreSQL then parses and plans it once per
 * connection instead of at each call (the session look-up answered 3× faster so).
 */
export function preparedStatement<T>(build: (q: Queryable) => T): (q: Queryable) => T {
  const cache = statementCache<T>();
  return (q) => cache(q, '', () => build(q));
}

/**
 * The name of a statement PostgreSQL must plan for each call's values (a list over ranges and scopes of any size):
 * sent unnamed, as Drizzle sends every statement it has not been asked to prepare.
 */
export const UNNAMED = undefined as unknown as string;
