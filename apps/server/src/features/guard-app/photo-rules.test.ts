import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardAppMessages, type RegisteredApp, type UploadPunchesResult } from '@guard-tour/contract';
import { photo, punch } from '../../db/schema.js';
import { insertCard } from '../../test/fixtures.js';
import { HOUR, useHarness } from '../../test/harness.js';
import { multipartBody, tempDataDir } from '../../test/uploads.js';
import { TINY_PNG } from '../../test/victims.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { removeUnattachedPhotos } from './photo.service.js';

/**
 * ROLES.md: a photo belongs to the account that uploaded it and attaches to one punch only; photos attached to no
 * punch within 24 h are deleted with their files.
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
/** Two guards of enterprise A, each logged in on a registered phone of their own. */
const guards = { qian: { token: '', phone: '' }, zhao: { token: '', phone: '' } };

async function uploadPhoto(token: string): Promise<number> {
  const { payload, contentType } = multipartBody([{ name: 'shot.png', content: TINY_PNG }]);
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPhoto',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  const reply = response.json() as { code: number; msg: string; data: { photo_id: number } };
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.photo_id;
}

const send = (guard: { token: string; phone: string }, records: object[]) =>
  h.post<UploadPunchesResult>('/Terminal/AppPunches', { device_no: guard.phone, records }, guard.token);

const punchesOf = async (deviceNo: string) =>
  (await h.ctx.db.select().from(punch).where(eq(punch.device_no, deviceNo))).length;

const photoRow = async (photoId: number) => (await h.ctx.db.select().from(photo).where(eq(photo.photo_id, photoId)))[0];

const fileOf = (storedName: string) => path.join(h.ctx.config.dataDir, 'uploads', 'photos', storedName);

beforeAll(async () => {
  h.clock.set('2026-11-20T02:00:00Z');
  w = await buildWorld(h);
  await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'PHOTO-GATE', name: '大门' });
  for (const [name, guard] of Object.entries(guards)) {
    const saved = await h.post(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: w.a.holdId, user_name: `photo_${name}`, user_password: PASSWORD, true_name: name },
      w.a.token,
    );
    expect(saved.code, saved.msg).toBe(200);
    const login = await h.post<{ token: string }>('/UserInfo/Login_Web', {
      user_name: `photo_${name}`,
      user_password: PASSWORD,
      client: 'app',
      remember_login: true, // the clean-up below moves the clock past a 12-hour session
    });
    guard.token = login.data.token;
    const phone = await h.post<RegisteredApp>(
      '/Terminal/RegisterApp',
      { app_id: `photo-phone-${name}-0001` },
      guard.token,
    );
    guard.phone = phone.data.device_no;
  }
});

describe('a photo attaches to one punch of its uploader', () => {
  it('refuses someone else’s photo, storing nothing and leaving the photo free', async () => {
    const theirs = await uploadPhoto(guards.zhao.token);
    const reply = await send(guards.qian, [
      { patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 08:00:00' },
      { patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 08:01:00', photo_ids: [theirs] },
    ]);
    expect(reply).toEqual({ code: 403, msg: guardAppMessages.photoNotYours, data: null });
    expect(await punchesOf(guards.qian.phone)).toBe(0);
    expect((await photoRow(theirs))?.punch_time).toBeNull();
    // Its uploader attaches it as usual.
    expect(
      (await send(guards.zhao, [{ patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 08:01:00', photo_ids: [theirs] }]))
        .data,
    ).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });

  it('refuses a photo already attached to another punch, and takes the same batch sent again', async () => {
    const shot = await uploadPhoto(guards.qian.token);
    const first = [{ patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 09:00:00', note: '门锁坏了', photo_ids: [shot] }];
    expect((await send(guards.qian, first)).data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    // The answer was lost and the phone sends the batch again: the same punch, nothing twice.
    expect((await send(guards.qian, first)).data).toEqual({ accepted: 0, duplicates: 1, rejected: [] });

    const again = await send(guards.qian, [
      { patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 09:05:00' },
      { patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 09:06:00', photo_ids: [shot] },
    ]);
    expect(again).toEqual({ code: 403, msg: guardAppMessages.photoUsed, data: null });
    expect(await punchesOf(guards.qian.phone)).toBe(1);
    expect((await photoRow(shot))?.punch_time?.toISOString()).toBe('2026-11-20T01:00:00.000Z');
  });

  it('refuses one photo named by two punches of a batch', async () => {
    const shot = await uploadPhoto(guards.qian.token);
    const reply = await send(guards.qian, [
      { patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 09:10:00', photo_ids: [shot] },
      { patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-20 09:11:00', photo_ids: [shot] },
    ]);
    expect(reply).toEqual({ code: 403, msg: guardAppMessages.photoUsed, data: null });
    expect(await punchesOf(guards.qian.phone)).toBe(1);
  });
});

describe('photos left unattached', () => {
  it('are deleted with their files 24 hours after upload; attached ones stay', async () => {
    h.clock.set('2026-11-21T02:00:00Z');
    const left = await uploadPhoto(guards.qian.token);
    const kept = await uploadPhoto(guards.qian.token);
    expect(
      (await send(guards.qian, [{ patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-21 10:00:00', photo_ids: [kept] }]))
        .data,
    ).toMatchObject({ accepted: 1 });
    const leftFile = fileOf((await photoRow(left))!.stored_name);
    const keptFile = fileOf((await photoRow(kept))!.stored_name);
    expect(existsSync(leftFile) && existsSync(keptFile)).toBe(true);

    h.clock.advance(23 * HOUR);
    // The photo of the refused batch above, uploaded the day before, is past its 24 h.
    expect(await removeUnattachedPhotos(h.ctx)).toBe(1);
    expect(await photoRow(left), 'not yet 24 h old').toBeDefined();

    h.clock.advance(1 * HOUR + 1_000);
    expect(await removeUnattachedPhotos(h.ctx)).toBe(1);
    expect(await photoRow(left)).toBeUndefined();
    expect(existsSync(leftFile)).toBe(false);
    expect(await photoRow(kept)).toBeDefined();
    expect(existsSync(keptFile)).toBe(true);
    expect(await removeUnattachedPhotos(h.ctx), 'a second run finds nothing').toBe(0);

    // A phone that was offline past the day: its punch goes without the photo, refused as missing, not as a 403.
    const reply = await send(guards.qian, [
      { patrol_sn: 'PHOTO-GATE', punch_time: '2026-11-21 11:00:00', photo_ids: [left] },
    ]);
    expect(reply.data).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: [{ index: 0, reason: guardAppMessages.photoMissing }],
    });
  });
});
