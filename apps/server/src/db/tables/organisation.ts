// Organisations, accounts and their sessions.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt } from './columns.js';

/**
 * Organisations (spec: hold). `path` is the materialised subtree path `/1/5/12/`, so a subtree is one
 * index range scan (`path LIKE '/1/5/%'`), never a recursive walk.
 */
export const hold = pgTable(
  'hold',
  {
    hold_id: serial().primaryKey(),
    hold_name: text().notNull(),
    hold_type: smallint().notNull(),
    parent_hold_id: integer(),
    path: text().notNull(),
    contacts: text().notNull().default(''),
    phone: text().notNull().default(''),
    vip_end_time: date({ mode: 'string' }),
    remark: text().notNull().default(''),
    enter_user_name: text().notNull().default(''),
    /** An enterprise's hours of silence before a bound terminal is 终端离线; null: the default (24). */
    offline_hours: smallint(),
    /** 报平安 (SAFETY.md): on, every `checkin_minutes` (null: 60), `checkin_grace` minutes of grace (null: 5). */
    checkin_enabled: boolean().notNull().default(false),
    checkin_minutes: smallint(),
    checkin_grace: smallint(),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('hold_path_idx').using('btree', t.path.op('text_pattern_ops')),
    index('hold_parent_idx').on(t.parent_hold_id),
  ],
);

/**
 * Roles (ROLES.md): the four built-in ones (ids 1–4, organisation 1, their keys in the contract, `permissions`
 * left empty here) and the custom roles an operator or enterprise defines, with the keys they hold. A removed role
 * keeps its row (deleted accounts still name it).
 */
export const role = pgTable(
  'role',
  {
    role_id: serial().primaryKey(),
    /** Built-in roles name organisation 1, which the server makes after the migrations: no foreign key. */
    hold_id: integer().notNull(),
    role_name: text().notNull(),
    builtin: boolean().notNull().default(false),
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    remark: text().notNull().default(''),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('role_name_live_idx')
      .on(t.hold_id, t.role_name)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** Accounts (spec: staff). `user_name` is a login: unique among live rows, without regard to case. */
export const account = pgTable(
  'account',
  {
    user_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    user_name: text().notNull(),
    true_name: text().notNull().default(''),
    password_hash: text().notNull(),
    /** Still the installation's default password: the console warns until it is changed. */
    default_password: boolean().notNull().default(false),
    /** The admin account created with its organisation (deleted with it). */
    hold_admin: boolean().notNull().default(false),
    /** The account's one role (ROLES.md); every account made before roles is a 管理员 (1). */
    role_id: integer()
      .notNull()
      .default(1)
      .references(() => role.role_id),
    remark: text().notNull().default(''),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('account_role_idx').on(t.role_id),
    uniqueIndex('account_user_name_live_idx')
      .on(sql`lower(${t.user_name})`)
      .where(sql`${t.deleted_at} is null`),
    index('account_hold_idx').on(t.hold_id),
  ],
);

/** Login sessions: only the SHA-256 of the random token is kept. */
export const session = pgTable(
  'session',
  {
    session_id: bigserial({ mode: 'number' }).primaryKey(),
    token_hash: text().notNull(),
    user_id: integer()
      .notNull()
      .references(() => account.user_id),
    hold_id: integer().notNull(),
    remember: boolean().notNull().default(false),
    ip: text().notNull().default(''),
    create_time: createdAt(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
    /** Who logged in (ROLES.md): the console, or the guard app (`app`: only the app's calls). */
    client: text().notNull().default('console'),
    /** The phone `RegisterApp` bound the session to: deleting it, or moving it out of scope, ends the session. */
    device_id: integer(),
  },
  (t) => [
    uniqueIndex('session_token_idx').on(t.token_hash),
    index('session_user_idx').on(t.user_id),
    index('session_device_idx')
      .on(t.device_id)
      .where(sql`${t.device_id} is not null`),
  ],
);
