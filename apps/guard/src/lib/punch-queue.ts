import type { AppPunchRecord, UploadPunchesResult } from '@guard-tour/contract';
import type { Position } from './safety-queue';

/**
 * The offline queue (GUARD-APP.md, Walking a round): each punch is written here first and shown as 待上传, then
 * sent in batches; photos travel as Blobs and are uploaded before their punch. The server is idempotent on
 * (device, card, time), so a batch whose answer was lost is simply sent again.
 */
export interface QueuedPhoto {
  key: string;
  /** The server's id once uploaded; null until then. */
  photo_id: number | null;
}

export interface QueuedPunch {
  key: string;
  patrol_sn: string;
  /** Local `YYYY-MM-DD HH:mm:ss`. */
  punch_time: string;
  note: string | null;
  photos: QueuedPhoto[];
  /** Order of taking (ms since the epoch). */
  created: number;
  /** Where the phone was (SAFETY.md): absent when the browser gave nothing. */
  position?: Position;
  /** The server refused this record for good (unknown point …): kept to show why, never sent again. */
  rejected: string | null;
  /**
   * The point's checklist (INSPECTION.md): true while its items wait to be answered (the punch is held, not sent);
   * the answers once 提交 (photos of a 拍照 item as queued photos).
   */
  holding?: boolean;
  answers?: QueuedAnswer[];
}

/** An answer as queued: the item, its value or option, and the photos of a 拍照 item. */
export interface QueuedAnswer {
  item_id: number;
  value?: string;
  option?: string;
  photos?: QueuedPhoto[];
}

/** An answer as the point screen gives it, its photos still Blobs. */
export interface GivenAnswer {
  item_id: number;
  value?: string;
  option?: string;
  photos?: readonly Blob[];
}

/** Where the queue keeps its punches and photos: IndexedDB in the app, a Map in tests. */
export interface PunchStore {
  all(): Promise<QueuedPunch[]>;
  put(punch: QueuedPunch): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  putPhoto(key: string, blob: Blob): Promise<void>;
  photo(key: string): Promise<Blob | undefined>;
  removePhotos(keys: readonly string[]): Promise<void>;
}

/** How the queue reaches the server. */
export interface PunchSender {
  uploadPhoto(blob: Blob): Promise<number>;
  sendPunches(records: AppPunchRecord[]): Promise<UploadPunchesResult>;
}

export interface FlushResult {
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Cards of the punches the server now has (accepted or already stored). */
  stored: { patrol_sn: string; punch_time: string }[];
}

export interface QueueOptions {
  batchSize?: number;
  now?: () => number;
  /** A photo upload that can never succeed (not an image …): the punch goes without that photo. */
  isPermanent?: (error: unknown) => boolean;
}

export const punchKey = (patrol_sn: string, punch_time: string) => `${patrol_sn}\u0001${punch_time}`;

export class PunchQueue {
  private readonly batchSize: number;
  private readonly now: () => number;
  private readonly isPermanent: (error: unknown) => boolean;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private photoCounter = 0;

  constructor(
    private readonly store: PunchStore,
    options: QueueOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.now = options.now ?? Date.now;
    this.isPermanent = options.isPermanent ?? (() => false);
  }

  /** One operation at a time: a report never lands on a punch that a batch in flight is about to delete. */
  private locked<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Every queued punch, oldest first (refused ones included). */
  async list(): Promise<QueuedPunch[]> {
    return (await this.store.all()).sort((a, b) => a.created - b.created || a.key.localeCompare(b.key));
  }

  private async storePhotos(photos: readonly Blob[]): Promise<QueuedPhoto[]> {
    const refs: QueuedPhoto[] = [];
    for (const blob of photos) {
      this.photoCounter += 1;
      const key = `${this.now()}-${this.photoCounter}-${Math.random().toString(36).slice(2, 8)}`;
      await this.store.putPhoto(key, blob);
      refs.push({ key, photo_id: null });
    }
    return refs;
  }

  /** A punch taken now (or at `punch_time`): stored before anything is sent. The same card and second is one punch. */
  add(
    patrol_sn: string,
    punch_time: string,
    report: { note?: string; photos?: readonly Blob[]; position?: Position | null; holding?: boolean } = {},
  ) {
    return this.locked(async () => {
      const key = punchKey(patrol_sn, punch_time);
      const existing = (await this.store.all()).find((punch) => punch.key === key);
      if (existing) return existing;
      const punch: QueuedPunch = {
        key,
        patrol_sn,
        punch_time,
        note: report.note?.trim() || null,
        photos: await this.storePhotos(report.photos ?? []),
        created: this.now(),
        rejected: null,
        ...(report.position ? { position: report.position } : {}),
        ...(report.holding ? { holding: true } : {}),
      };
      await this.store.put(punch);
      this.changed();
      return punch;
    });
  }

  /**
   * 事件上报 for a punch just taken: joins it while it still waits here, else (already sent) goes as a punch of its
   * own at `punch_time`.
   */
  report(key: string | null, patrol_sn: string, punch_time: string, note: string, photos: readonly Blob[]) {
    return this.locked(async () => {
      const waiting = (await this.store.all()).find((punch) => punch.key === key && punch.rejected === null);
      const refs = await this.storePhotos(photos);
      const punch: QueuedPunch = waiting
        ? { ...waiting, note: note.trim() || waiting.note, photos: [...waiting.photos, ...refs] }
        : {
            key: punchKey(patrol_sn, punch_time),
            patrol_sn,
            punch_time,
            note: note.trim() || null,
            photos: refs,
            created: this.now(),
            rejected: null,
          };
      await this.store.put(punch);
      this.changed();
      return punch;
    });
  }

  /**
   * 提交 of a point's checklist: the answers join the held punch (their photos stored like a report's) and it is
   * released to be sent. A punch no longer here (it was sent) cannot take them: null.
   */
  answer(key: string, answers: readonly GivenAnswer[]) {
    return this.locked(async () => {
      const held = (await this.store.all()).find((punch) => punch.key === key && punch.rejected === null);
      if (!held) return null;
      const queued: QueuedAnswer[] = [];
      for (const { photos, ...given } of answers) {
        queued.push(photos?.length ? { ...given, photos: await this.storePhotos(photos) } : given);
      }
      const { holding: _held, ...rest } = held;
      const punch: QueuedPunch = { ...rest, answers: queued };
      await this.store.put(punch);
      this.changed();
      return punch;
    });
  }

  /** Forgets punches the server refused (after the guard has seen why). */
  dismiss(keys: readonly string[]) {
    return this.locked(async () => {
      const gone = (await this.store.all()).filter((punch) => keys.includes(punch.key));
      await this.store.removePhotos(gone.flatMap((punch) => punch.photos.map((photo) => photo.key)));
      await this.store.remove(keys);
      this.changed();
    });
  }

  /**
   * Forgets the server's ids of the waiting punches' photos, whose bytes are still here: the next flush uploads
   * them again (the server refused them as another account's, e.g. of the guard logged in before on this phone).
   */
  forgetPhotoIds() {
    return this.locked(async () => {
      for (const punch of await this.store.all()) {
        if (punch.rejected !== null || punch.photos.every((photo) => photo.photo_id === null)) continue;
        await this.store.put({ ...punch, photos: punch.photos.map((photo) => ({ ...photo, photo_id: null })) });
      }
      this.changed();
    });
  }

  /** Uploads the photos of a punch's 拍照 answers that have no server id yet, keeping each id at once. */
  private async uploadAnswerPhotos(punch: QueuedPunch, sender: PunchSender): Promise<QueuedPunch> {
    for (const answer of punch.answers ?? []) {
      for (const photo of answer.photos ?? []) {
        if (photo.photo_id !== null) continue;
        const blob = await this.store.photo(photo.key);
        // A photo gone from the phone goes without its id (the server then asks for the item again).
        photo.photo_id = blob ? await sender.uploadPhoto(blob) : null;
        await this.store.put(punch);
      }
    }
    return punch;
  }

  /** Uploads a punch's photos that have no server id yet; each id is kept at once, so a retry skips it. */
  private async uploadPhotos(punch: QueuedPunch, sender: PunchSender): Promise<QueuedPunch> {
    let current = await this.uploadAnswerPhotos(punch, sender);
    for (const photo of punch.photos) {
      if (photo.photo_id !== null) continue;
      const blob = await this.store.photo(photo.key);
      let photo_id: number | null = null;
      if (blob) {
        try {
          photo_id = await sender.uploadPhoto(blob);
        } catch (error) {
          if (!this.isPermanent(error)) throw error;
        }
      }
      const photos =
        photo_id === null
          ? current.photos.filter((one) => one.key !== photo.key)
          : current.photos.map((one) => (one.key === photo.key ? { ...one, photo_id } : one));
      current = { ...current, photos };
      await this.store.put(current);
      if (photo_id === null) await this.store.removePhotos([photo.key]);
    }
    return current;
  }

  /**
   * Sends every waiting punch, a batch at a time. Throws on the first failure (offline, server down); what was
   * done until then stays done, the rest waits for the next try.
   */
  flush(sender: PunchSender): Promise<FlushResult> {
    return this.locked(async () => {
      const result: FlushResult = { accepted: 0, duplicates: 0, rejected: 0, stored: [] };
      for (;;) {
        const waiting = (await this.list())
          .filter((punch) => punch.rejected === null && !punch.holding)
          .slice(0, this.batchSize);
        if (waiting.length === 0) return result;
        const batch: QueuedPunch[] = [];
        for (const punch of waiting) batch.push(await this.uploadPhotos(punch, sender));
        const answer = await sender.sendPunches(batch.map(recordOf));
        const refused = new Map(answer.rejected.map((one) => [one.index, one.reason]));
        const done = batch.filter((_, index) => !refused.has(index));
        for (const [index, reason] of refused) {
          const punch = batch[index];
          if (punch) await this.store.put({ ...punch, rejected: reason || '上传失败' });
        }
        await this.store.removePhotos(
          done.flatMap((punch) => [
            ...punch.photos.map((photo) => photo.key),
            ...(punch.answers ?? []).flatMap((answer) => (answer.photos ?? []).map((photo) => photo.key)),
          ]),
        );
        await this.store.remove(done.map((punch) => punch.key));
        result.accepted += answer.accepted;
        result.duplicates += answer.duplicates;
        result.rejected += refused.size;
        result.stored.push(...done.map(({ patrol_sn, punch_time }) => ({ patrol_sn, punch_time })));
        this.changed();
      }
    });
  }
}

/** A queued punch as `Terminal/AppPunches` takes it. */
export function recordOf(punch: QueuedPunch): AppPunchRecord {
  const photo_ids = punch.photos.flatMap((photo) => (photo.photo_id === null ? [] : [photo.photo_id]));
  return {
    patrol_sn: punch.patrol_sn,
    punch_time: punch.punch_time,
    ...(punch.note ? { note: punch.note } : {}),
    ...(photo_ids.length ? { photo_ids } : {}),
    // Where the phone was when the point was checked (SAFETY.md), when the browser said.
    ...(punch.position ? { lat: punch.position.lat, lng: punch.position.lng, accuracy: punch.position.accuracy } : {}),
    // The point's checklist answered (INSPECTION.md).
    ...(punch.answers?.length
      ? {
          answers: punch.answers.map(({ photos, ...answer }) =>
            photos?.length
              ? { ...answer, photo_ids: photos.flatMap((photo) => (photo.photo_id === null ? [] : [photo.photo_id])) }
              : answer,
          ),
        }
      : {}),
  };
}

/** The queue's store in memory: for tests, and where IndexedDB is missing. */
export function memoryStore(): PunchStore & { photos: Map<string, Blob> } {
  const punches = new Map<string, QueuedPunch>();
  const photos = new Map<string, Blob>();
  return {
    photos,
    all: () => Promise.resolve([...punches.values()].map((punch) => structuredClone(punch))),
    put: (punch) => {
      punches.set(punch.key, structuredClone(punch));
      return Promise.resolve();
    },
    remove: (keys) => {
      for (const key of keys) punches.delete(key);
      return Promise.resolve();
    },
    putPhoto: (key, blob) => {
      photos.set(key, blob);
      return Promise.resolve();
    },
    photo: (key) => Promise.resolve(photos.get(key)),
    removePhotos: (keys) => {
      for (const key of keys) photos.delete(key);
      return Promise.resolve();
    },
  };
}
