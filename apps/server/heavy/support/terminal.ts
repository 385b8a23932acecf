import type { UploadPunchesResult } from '@guard-tour/contract';
import { API } from './api.js';
import { envelopeOf, exchange } from './http.js';

export interface TerminalRecord {
  patrol_sn: string;
  punch_time: string;
}

/** A punch's identity in the punch table: device, card (upper case) and instant, readable in failure messages. */
export const punchKey = (deviceNo: string, patrolSn: string, atMs: number) =>
  `${deviceNo.toUpperCase()}|${patrolSn.toUpperCase()}|${new Date(atMs).toISOString()}`;

export interface Batch {
  deviceNo: string;
  /** 1-based position in the terminal's buffer, for messages. */
  number: number;
  records: TerminalRecord[];
  /** The answer that acknowledged it, once one came. */
  acknowledgement?: UploadPunchesResult;
  attempts: number;
}

export const keysOf = (batch: Batch) =>
  batch.records.map((r) => punchKey(batch.deviceNo, r.patrol_sn, Date.parse(r.punch_time)));

/** What one upload call came to: an acknowledgement, a refusal in the envelope, or no answer at all. */
export type UploadOutcome =
  | { kind: 'acknowledged'; result: UploadPunchesResult }
  | { kind: 'refused'; code: number; msg: string }
  | { kind: 'lost'; error: string };

/** `POST Terminal/UploadPunches` as a terminal sends it (API.md, Device upload). */
export async function upload(
  base: string,
  key: string,
  deviceNo: string,
  records: TerminalRecord[],
): Promise<UploadOutcome> {
  try {
    const answer = await exchange({
      method: 'POST',
      url: `${base}${API}/Terminal/UploadPunches`,
      headers: { authorization: `Device ${key}` },
      body: { device_no: deviceNo, records },
    });
    const reply = envelopeOf<UploadPunchesResult>(answer);
    return reply.code === 200
      ? { kind: 'acknowledged', result: reply.data }
      : { kind: 'refused', code: reply.code, msg: reply.msg };
  } catch (error) {
    return { kind: 'lost', error: (error as Error).message };
  }
}

/**
 * A terminal's offline buffer: `batches` × `size` distinct punches, one second apart, ending before `lastAt` (so
 * never ahead of the server's clock), cut into batches that stay in the buffer until an answer acknowledges them.
 */
export class Terminal {
  readonly batches: Batch[] = [];
  readonly refusals: string[] = [];
  /** Why a drain stopped: the call that got no answer (a failure message's clue). */
  readonly losses: string[] = [];

  constructor(
    readonly deviceNo: string,
    batches: number,
    size: number,
    lastAt: number,
  ) {
    const total = batches * size;
    for (let b = 0; b < batches; b++) {
      const records = Array.from({ length: size }, (_, i) => {
        const n = b * size + i;
        return {
          patrol_sn: `CARD${String(n % 97).padStart(4, '0')}`,
          punch_time: new Date(lastAt - (total - n) * 1000).toISOString(),
        };
      });
      this.batches.push({ deviceNo, number: b + 1, records, attempts: 0 });
    }
  }

  get unacknowledged(): Batch[] {
    return this.batches.filter((b) => !b.acknowledgement);
  }

  /**
   * Sends every unacknowledged batch in order to `base` (resending first what was not acknowledged), and stops
   * at the first call without an answer: the server is gone, the rest waits for the next start.
   */
  async drain(base: string, key: string, onAcknowledged?: (batch: Batch) => void): Promise<void> {
    for (const batch of this.unacknowledged) {
      batch.attempts += 1;
      const outcome = await upload(base, key, this.deviceNo, batch.records);
      if (outcome.kind === 'lost') {
        this.losses.push(`batch ${batch.number}: ${outcome.error}`);
        return;
      }
      if (outcome.kind === 'refused') {
        this.refusals.push(`batch ${batch.number}: ${outcome.code} ${outcome.msg}`);
        continue;
      }
      batch.acknowledgement = outcome.result;
      onAcknowledged?.(batch);
    }
  }
}
