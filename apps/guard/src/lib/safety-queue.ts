import type { CheckInInput, SosInput } from '@guard-tour/contract';

/**
 * SOS and 报平安 waiting to be sent (SAFETY.md): kept in the phone's storage, sent before any punch, tried again
 * every 5 s while the network is down. An SOS keeps its own `sos_id`, so a resend after a lost answer is the same
 * SOS on the server; once delivered its state (已送达 → 已响应（某某） → 已处理) is followed here.
 */
export interface Position {
  lat: number;
  lng: number;
  accuracy: number | null;
}

export interface QueuedSos {
  sos_id: string;
  /** Local `YYYY-MM-DD HH:mm:ss` of the press. */
  time: string;
  position: Position | null;
  silent: boolean;
  /** The server's alert once delivered (已送达); null while 待发送. */
  alert_id: number | null;
  /** SosState: 0 未响应, 1 已响应, 2 已处理. */
  state: number;
  responded_by: string;
}

export interface QueuedCheckIn {
  time: string;
  position: Position | null;
}

export interface SafetyState {
  sos: QueuedSos[];
  checkIns: QueuedCheckIn[];
}

/** Where the queue is kept: localStorage in the app, memory in tests. */
export interface SafetyStore {
  load(): SafetyState;
  save(state: SafetyState): void;
}

export interface SafetySender {
  sos(input: Omit<SosInput, 'device_no'>): Promise<{ alert_id: number; state: number }>;
  checkIn(input: Omit<CheckInInput, 'device_no'>): Promise<unknown>;
}

const KEY = 'gt.guard.safety';
const EMPTY: SafetyState = { sos: [], checkIns: [] };

export function localStore(storage: Storage = localStorage): SafetyStore {
  return {
    load: () => {
      try {
        const saved = JSON.parse(storage.getItem(KEY) ?? 'null') as SafetyState | null;
        return saved && Array.isArray(saved.sos) && Array.isArray(saved.checkIns) ? saved : EMPTY;
      } catch {
        return EMPTY;
      }
    },
    save: (state) => storage.setItem(KEY, JSON.stringify(state)),
  };
}

export function memorySafetyStore(): SafetyStore {
  let state = EMPTY;
  return { load: () => structuredClone(state), save: (next) => (state = structuredClone(next)) };
}

/** A new SOS id: 20 random letters and digits (the server takes 8–64). */
export function newSosId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');
}

const positionFields = (position: Position | null) =>
  position ? { lat: position.lat, lng: position.lng, accuracy: position.accuracy } : {};

export class SafetyQueue {
  private readonly listeners = new Set<() => void>();
  constructor(private readonly store: SafetyStore) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  state(): SafetyState {
    return this.store.load();
  }

  private update(change: (state: SafetyState) => SafetyState): void {
    this.store.save(change(this.store.load()));
    for (const listener of this.listeners) listener();
  }

  /** An SOS pressed now: kept before anything is sent. */
  pressSos(time: string, position: Position | null, silent: boolean): QueuedSos {
    const sos: QueuedSos = { sos_id: newSosId(), time, position, silent, alert_id: null, state: 0, responded_by: '' };
    this.update((state) => ({ ...state, sos: [...state.sos, sos] }));
    return sos;
  }

  checkIn(time: string, position: Position | null): void {
    this.update((state) => ({ ...state, checkIns: [...state.checkIns, { time, position }] }));
  }

  /** Whether anything waits to be sent. */
  waiting(): boolean {
    const state = this.store.load();
    return state.sos.some((sos) => sos.alert_id === null) || state.checkIns.length > 0;
  }

  /** Sends what waits, SOS first (oldest first), then the check-ins; throws on the first failure. */
  async flush(sender: SafetySender): Promise<void> {
    for (const sos of this.store.load().sos.filter((one) => one.alert_id === null)) {
      const answer = await sender.sos({
        time: sos.time,
        sos_id: sos.sos_id,
        silent: sos.silent,
        ...positionFields(sos.position),
      });
      this.update((state) => ({
        ...state,
        sos: state.sos.map((one) =>
          one.sos_id === sos.sos_id ? { ...one, alert_id: answer.alert_id, state: answer.state } : one,
        ),
      }));
    }
    for (const checkIn of this.store.load().checkIns) {
      await sender.checkIn({ time: checkIn.time, ...positionFields(checkIn.position) });
      this.update((state) => ({ ...state, checkIns: state.checkIns.filter((one) => one.time !== checkIn.time) }));
    }
  }

  /** The server's view of a delivered SOS (已响应（某某）, 已处理). */
  setState(alertId: number, state: number, respondedBy: string): void {
    this.update((current) => ({
      ...current,
      sos: current.sos.map((one) => (one.alert_id === alertId ? { ...one, state, responded_by: respondedBy } : one)),
    }));
  }

  /** Forgets SOS the guard has seen handled. */
  dismiss(sosId: string): void {
    this.update((state) => ({ ...state, sos: state.sos.filter((one) => one.sos_id !== sosId) }));
  }
}

/** What the guard reads: 待发送, 已送达, 已响应（某某）, 已处理. */
export function sosText(sos: Pick<QueuedSos, 'alert_id' | 'state' | 'responded_by'>): string {
  if (sos.alert_id === null) return '待发送';
  if (sos.state === 2) return '已处理';
  if (sos.state === 1) return `已响应（${sos.responded_by || '值班人员'}）`;
  return '已送达';
}
