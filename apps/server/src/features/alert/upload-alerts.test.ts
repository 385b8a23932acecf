import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { checkUpload } from './upload-alerts.service.js';

/** A connection that answers every statement with no rows and keeps what it was sent, as SQL text and parameters. */
function recordingConnection() {
  const dialect = new PgDialect();
  const sent: { sql: string; params: unknown[] }[] = [];
  const q = {
    execute: async (query: SQL) => {
      sent.push(dialect.sqlToQuery(query));
      return { rows: [] };
    },
  } as unknown as Queryable;
  return { q, sent };
}

const ctx = { config: { tzName: 'Asia/Shanghai' } } as AppContext;
const at = (text: string) => new Date(`${text}+08:00`).toISOString();

describe('疑似代打 of one upload', () => {
  it('flags the punches of every cluster in one statement (a batch sent again makes hundreds of clusters)', async () => {
    // Three bunches of three points within a minute, hours apart: three clusters, three alerts.
    const stored = ['08', '12', '16'].flatMap((hour) =>
      ['A', 'B', 'C'].map((card, i) => ({
        patrol_sn: `PX-${card}`,
        punch_time: at(`2026-11-20T${hour}:00:${String(i * 20).padStart(2, '0')}`),
        round_id: null,
        road_id: null,
      })),
    );
    const { q, sent } = recordingConnection();
    await checkUpload(ctx, q, {
      terminal: { object_id: 7, device_no: 'PX-DEV', hold_id: 3, clock_offset_s: null },
      now: new Date(at('2026-11-20T17:00:00')),
      deviceTime: null,
      batchTimes: stored.map((p) => Date.parse(p.punch_time)),
      stored,
    });
    const flagging = sent.filter((s) => /^\s*update "punch"/.test(s.sql));
    expect(flagging).toHaveLength(1);
    const flagged = JSON.parse(String(flagging[0]!.params.find((p) => String(p).startsWith('[')))) as unknown[];
    expect(flagged).toHaveLength(9);
    const raised = sent.find((s) => s.sql.includes('insert into "alert"'));
    expect(JSON.parse(String(raised!.params.find((p) => String(p).startsWith('['))))).toHaveLength(3);
  });
});
