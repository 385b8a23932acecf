// Checklists, the answers given at points and the hazards they raise (INSPECTION.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt } from './columns.js';
import { hold } from './organisation.js';

/** A checklist template (检查表) of an organisation: a name and its items. */
export const checklist = pgTable(
  'checklist',
  {
    checklist_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    checklist_name: text().notNull(),
    create_time: createdAt(),
    update_time: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deleted_at: deletedAt(),
  },
  (t) => [index('checklist_hold_idx').on(t.hold_id)],
);

/**
 * An item of a template, in `position` order. An item taken out of its template is soft-deleted (answers keep
 * their own copy of it anyway); an edited one keeps its id.
 */
export const checklistItem = pgTable(
  'checklist_item',
  {
    item_id: serial().primaryKey(),
    checklist_id: integer()
      .notNull()
      .references(() => checklist.checklist_id),
    position: smallint().notNull(),
    text: text().notNull(),
    /** 1 正常/异常, 2 数值, 3 单选, 4 文本, 5 拍照. */
    kind: smallint().notNull(),
    required: boolean().notNull().default(true),
    critical: boolean().notNull().default(false),
    unit: text().notNull().default(''),
    min: doublePrecision(),
    max: doublePrecision(),
    /** `[{text, abnormal}]` of a 单选. */
    options: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    deleted_at: deletedAt(),
  },
  (t) => [index('checklist_item_list_idx').on(t.checklist_id, t.position)],
);

/**
 * One answer given with a punch, with its item copied as it was (text, kind, unit, range, options): editing the
 * template later changes nothing here. The punch is named by its id and its key.
 */
export const punchAnswer = pgTable(
  'punch_answer',
  {
    answer_id: bigserial({ mode: 'number' }).primaryKey(),
    punch_id: bigint({ mode: 'number' }).notNull(),
    device_no: text().notNull(),
    patrol_sn: text().notNull(),
    punch_time: timestamp({ withTimezone: true }).notNull(),
    hold_id: integer().notNull(),
    item_id: integer().notNull(),
    position: smallint().notNull(),
    item_text: text().notNull(),
    kind: smallint().notNull(),
    unit: text().notNull().default(''),
    min: doublePrecision(),
    max: doublePrecision(),
    options: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    value: text().notNull().default(''),
    option: text().notNull().default(''),
    photo_ids: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    abnormal: boolean().notNull().default(false),
  },
  (t) => [index('punch_answer_punch_idx').on(t.punch_id)],
);

/**
 * A hazard (隐患): one per abnormal answer, or the open one of the same point and item with one more occurrence.
 * States 0 待处理, 1 整改中, 2 待复核, 3 已关闭, 4 已忽略; at most one open (0–2) per point and item.
 */
export const hazard = pgTable(
  'hazard',
  {
    hazard_id: serial().primaryKey(),
    hold_id: integer().notNull(),
    patrol_id: integer().notNull(),
    patrol_name: text().notNull().default(''),
    patrol_sn: text().notNull().default(''),
    item_id: integer().notNull(),
    item_text: text().notNull(),
    answer: text().notNull(),
    /** 1 一般, 2 严重 (the item is critical). */
    level: smallint().notNull().default(1),
    state: smallint().notNull().default(0),
    found_time: timestamp({ withTimezone: true }).notNull(),
    found_by: text().notNull().default(''),
    punch_id: bigint({ mode: 'number' }),
    photo_ids: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    occurrences: integer().notNull().default(1),
    last_time: timestamp({ withTimezone: true }).notNull(),
    last_punch_id: bigint({ mode: 'number' }),
    assignee_id: integer(),
    deadline: timestamp({ withTimezone: true }),
    closed_time: timestamp({ withTimezone: true }),
    create_time: createdAt(),
  },
  (t) => [
    index('hazard_hold_time_idx').on(t.hold_id, t.found_time.desc(), t.hazard_id.desc()),
    // 隐患管理 over many organisations (the root's 250 at 1M hazards): newest first without sorting them all.
    index('hazard_time_idx').on(t.found_time.desc(), t.hazard_id.desc()),
    // …and with a state picked (待处理, 整改中, …: 5 % each), newest first of that state only.
    index('hazard_state_time_idx').on(t.state, t.found_time.desc(), t.hazard_id.desc()),
    uniqueIndex('hazard_open_item_idx')
      .on(t.patrol_id, t.item_id)
      .where(sql`${t.state} in (0, 1, 2)`),
    index('hazard_assignee_idx')
      .on(t.assignee_id)
      .where(sql`${t.state} = 1`),
    index('hazard_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.state} = 1`),
  ],
);

/**
 * How many hazards each organisation has in each state and level: kept exact by statement triggers on `hazard`
 * (migration 0022, as `punch_count`), so 隐患管理's total without a span, point or 仅超期 sums a few rows instead of
 * counting up to every hazard in scope.
 */
export const hazardTally = pgTable(
  'hazard_tally',
  {
    hold_id: integer().notNull(),
    state: smallint().notNull(),
    level: smallint().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hold_id, t.state, t.level] })],
);

/** Every move of a hazard (and its finding): append-only. */
export const hazardHistory = pgTable(
  'hazard_history',
  {
    line_id: bigserial({ mode: 'number' }).primaryKey(),
    hazard_id: integer().notNull(),
    time: timestamp({ withTimezone: true }).notNull(),
    actor: text().notNull(),
    actor_id: integer(),
    /** null on the line that found it. */
    from_state: smallint(),
    to_state: smallint().notNull(),
    note: text().notNull().default(''),
    photo_ids: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
  },
  (t) => [index('hazard_history_hazard_idx').on(t.hazard_id, t.line_id)],
);
