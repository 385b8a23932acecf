import type { AppPunchRecord, UploadPunchesResult } from '@guard-tour/contract';
import { describe, expect, it, vi } from 'vitest';
import { memoryStore, PunchQueue, type PunchSender } from './punch-queue';

/** A server that stores each (card, time) once, like the upload service; it can drop answers or be offline. */
function fakeServer() {
  const stored = new Map<string, AppPunchRecord>();
  const photos: Blob[] = [];
  const state = { offline: false, loseAnswer: false, refuse: new Set<string>() };
  const sender: PunchSender = {
    uploadPhoto: vi.fn((blob: Blob) => {
      if (state.offline) return Promise.reject(new TypeError('Failed to fetch'));
      photos.push(blob);
      return Promise.resolve(photos.length);
    }),
    sendPunches: vi.fn((records: AppPunchRecord[]) => {
      if (state.offline) return Promise.reject(new TypeError('Failed to fetch'));
      const answer: UploadPunchesResult = { accepted: 0, duplicates: 0, rejected: [] };
      records.forEach((record, index) => {
        if (state.refuse.has(record.patrol_sn)) answer.rejected.push({ index, reason: '巡检点不存在' });
        else if (stored.has(`${record.patrol_sn} ${record.punch_time}`)) answer.duplicates += 1;
        else {
          stored.set(`${record.patrol_sn} ${record.punch_time}`, record);
          answer.accepted += 1;
        }
      });
      if (state.loseAnswer) {
        state.loseAnswer = false;
        return Promise.reject(new Error('timeout'));
      }
      return Promise.resolve(answer);
    }),
  };
  return { stored, photos, state, sender };
}

const T1 = '2026-11-23 08:00:00';
const T2 = '2026-11-23 08:05:00';
const T3 = '2026-11-23 08:10:00';

describe('the offline queue', () => {
  it('keeps punches taken offline and sends them once the phone is back online', async () => {
    const store = memoryStore();
    const server = fakeServer();
    const queue = new PunchQueue(store);
    server.state.offline = true;
    await queue.add('A1', T1);
    await queue.add('A2', T2);
    await queue.add('A3', T3);
    await expect(queue.flush(server.sender)).rejects.toThrow('Failed to fetch');
    expect((await queue.list()).map((punch) => punch.patrol_sn)).toEqual(['A1', 'A2', 'A3']);

    // The app was closed: a new queue on the same store finds them all.
    const reopened = new PunchQueue(store);
    server.state.offline = false;
    const result = await reopened.flush(server.sender);
    expect(result).toMatchObject({ accepted: 3, duplicates: 0, rejected: 0 });
    expect([...server.stored.keys()]).toEqual([`A1 ${T1}`, `A2 ${T2}`, `A3 ${T3}`]);
    expect(await reopened.list()).toEqual([]);
  });

  it('stores nothing twice when a batch’s answer is lost and the batch is sent again', async () => {
    const server = fakeServer();
    const queue = new PunchQueue(memoryStore());
    await queue.add('A1', T1);
    await queue.add('A2', T2);
    server.state.loseAnswer = true;
    await expect(queue.flush(server.sender)).rejects.toThrow('timeout');
    expect(await queue.list()).toHaveLength(2);
    const result = await queue.flush(server.sender);
    expect(result).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(server.stored.size).toBe(2);
    expect(await queue.list()).toEqual([]);
  });

  it('takes the same card in the same second once', async () => {
    const queue = new PunchQueue(memoryStore());
    await queue.add('A1', T1);
    await queue.add('A1', T1);
    expect(await queue.list()).toHaveLength(1);
  });

  it('sends in batches of the given size', async () => {
    const server = fakeServer();
    const queue = new PunchQueue(memoryStore(), { batchSize: 2 });
    for (const [index, time] of [T1, T2, T3].entries()) await queue.add(`A${index}`, time);
    await queue.flush(server.sender);
    expect(vi.mocked(server.sender.sendPunches).mock.calls.map(([records]) => records.length)).toEqual([2, 1]);
  });

  it('keeps a refused punch with the server’s reason and never sends it again', async () => {
    const server = fakeServer();
    server.state.refuse.add('GONE');
    const queue = new PunchQueue(memoryStore());
    await queue.add('GONE', T1);
    await queue.add('A1', T2);
    const result = await queue.flush(server.sender);
    expect(result).toMatchObject({ accepted: 1, rejected: 1 });
    const [left] = await queue.list();
    expect(left).toMatchObject({ patrol_sn: 'GONE', rejected: '巡检点不存在' });
    await queue.flush(server.sender);
    expect(server.sender.sendPunches).toHaveBeenCalledTimes(1);
    await queue.dismiss([left!.key]);
    expect(await queue.list()).toEqual([]);
  });

  it('uploads an event’s photos before its punch and sends their ids with the note', async () => {
    const store = memoryStore();
    const server = fakeServer();
    const queue = new PunchQueue(store);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const punch = await queue.add('A1', T1);
    await queue.report(punch.key, 'A1', T2, ' 消防通道堵塞 ', [photo, photo]);
    expect(await queue.list()).toHaveLength(1);
    expect(store.photos.size).toBe(2);
    await queue.flush(server.sender);
    expect(server.stored.get(`A1 ${T1}`)).toEqual({
      patrol_sn: 'A1',
      punch_time: T1,
      note: '消防通道堵塞',
      photo_ids: [1, 2],
    });
    expect(store.photos.size).toBe(0);
  });

  it('uploads a photo once even when the punch after it failed', async () => {
    const server = fakeServer();
    const queue = new PunchQueue(memoryStore());
    await queue.add('A1', T1, { note: '门未锁', photos: [new Blob(['x'], { type: 'image/png' })] });
    server.state.loseAnswer = true;
    await expect(queue.flush(server.sender)).rejects.toThrow();
    await queue.flush(server.sender);
    expect(server.sender.uploadPhoto).toHaveBeenCalledTimes(1);
  });

  it('uploads the photos again when the server refuses their ids (another guard’s, on a shared phone)', async () => {
    const server = fakeServer();
    const queue = new PunchQueue(memoryStore());
    await queue.add('A1', T1, { note: '门未锁', photos: [new Blob(['x'], { type: 'image/png' })] });
    vi.mocked(server.sender.sendPunches).mockRejectedValueOnce(new Error('只能使用本账号上传的照片'));
    await expect(queue.flush(server.sender)).rejects.toThrow('只能使用本账号上传的照片');
    expect((await queue.list())[0]?.photos.map((photo) => photo.photo_id)).toEqual([1]);

    await queue.forgetPhotoIds();
    expect((await queue.list())[0]?.photos.map((photo) => photo.photo_id)).toEqual([null]);
    await queue.flush(server.sender);
    expect(server.sender.uploadPhoto).toHaveBeenCalledTimes(2);
    expect(server.stored.get(`A1 ${T1}`)).toEqual({ patrol_sn: 'A1', punch_time: T1, note: '门未锁', photo_ids: [2] });
    expect(await queue.list()).toEqual([]);
  });

  it('sends a report on a punch already uploaded as a punch of its own', async () => {
    const server = fakeServer();
    const queue = new PunchQueue(memoryStore());
    const punch = await queue.add('A1', T1);
    await queue.flush(server.sender);
    await queue.report(punch.key, 'A1', T2, '灯坏了', []);
    await queue.flush(server.sender);
    expect([...server.stored.values()].map((record) => record.note ?? null)).toEqual([null, '灯坏了']);
  });

  it('drops a photo the server can never take, and sends the punch without it', async () => {
    const server = fakeServer();
    vi.mocked(server.sender.uploadPhoto).mockRejectedValueOnce(new Error('只能上传 JPEG、PNG 或 WebP 图片'));
    const queue = new PunchQueue(memoryStore(), { isPermanent: (error) => String(error).includes('JPEG') });
    await queue.add('A1', T1, { note: '窗破', photos: [new Blob(['not an image'])] });
    await queue.flush(server.sender);
    expect(server.stored.get(`A1 ${T1}`)).toEqual({ patrol_sn: 'A1', punch_time: T1, note: '窗破' });
  });
});
