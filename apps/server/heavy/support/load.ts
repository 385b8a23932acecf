import type { ConsoleClient } from './api.js';
import { CHINESE } from './http.js';
import { punchKey, upload } from './terminal.js';

export interface CallRecord {
  kind: 'list' | 'upload';
  startedAt: number;
  endedAt: number;
  /** The envelope's code, or undefined when no envelope came back (connection refused, reset, garbage). */
  code?: number;
  msg: string;
  /** Keys of the upload's records when the answer acknowledged them. */
  acknowledged?: string[];
}

/** `ok` for code 200; for the rest: a refusal with a Chinese msg, or what came back instead. */
export const isNormal = (c: CallRecord) => c.code === 200;
export const isChineseRefusal = (c: CallRecord, code: number) => c.code === code && CHINESE.test(c.msg);
export const describeCall = (c: CallRecord, origin: number) =>
  `${c.kind} at +${c.startedAt - origin} ms → ${c.code ?? 'no envelope'} ${c.msg}`.slice(0, 200);

const UPLOAD_SIZE = 20;

/**
 * Clients calling the server without pause until stopped: each alternates an authenticated list call
 * (打卡数据) and a terminal upload of fresh records, and logs every call with its times and answer.
 */
export class ConsoleLoad {
  readonly calls: CallRecord[] = [];
  private running = true;
  private readonly loops: Promise<void>[];
  private sequence = 0;

  constructor(
    private readonly client: ConsoleClient,
    private readonly deviceKey: string,
    private readonly deviceNo: string,
    clients: number,
    /** The newest punch time; each upload goes one step further back so records never repeat. */
    private readonly lastAt: number,
  ) {
    this.loops = Array.from({ length: clients }, () => this.loop());
  }

  private async loop(): Promise<void> {
    while (this.running) {
      await this.list();
      if (this.running) await this.upload();
    }
  }

  private async list(): Promise<void> {
    const startedAt = Date.now();
    try {
      const reply = await this.client.call('POST', '/PatrolClockIn/GetPatrolClockInList', {
        PageIndex: 1,
        PageSize: 20,
      });
      this.calls.push({ kind: 'list', startedAt, endedAt: Date.now(), code: reply.code, msg: reply.msg });
    } catch (error) {
      this.calls.push({ kind: 'list', startedAt, endedAt: Date.now(), msg: (error as Error).message });
    }
  }

  private async upload(): Promise<void> {
    const first = this.sequence;
    this.sequence += UPLOAD_SIZE;
    const records = Array.from({ length: UPLOAD_SIZE }, (_, i) => ({
      patrol_sn: `LOAD${(first + i) % 31}`,
      punch_time: new Date(this.lastAt - (first + i) * 1000).toISOString(),
    }));
    const startedAt = Date.now();
    const outcome = await upload(this.client.base, this.deviceKey, this.deviceNo, records);
    const endedAt = Date.now();
    if (outcome.kind === 'acknowledged') {
      const acknowledged = records.map((r) => punchKey(this.deviceNo, r.patrol_sn, Date.parse(r.punch_time)));
      this.calls.push({ kind: 'upload', startedAt, endedAt, code: 200, msg: '', acknowledged });
    } else if (outcome.kind === 'refused') {
      this.calls.push({ kind: 'upload', startedAt, endedAt, code: outcome.code, msg: outcome.msg });
    } else {
      this.calls.push({ kind: 'upload', startedAt, endedAt, msg: outcome.error });
    }
  }

  /** Stops after the calls under way have answered. */
  async stop(): Promise<CallRecord[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.calls;
  }
}
