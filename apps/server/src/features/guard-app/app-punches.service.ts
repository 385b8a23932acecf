import { appPunchRecord, guardAppMessages, type UploadPunchesResult, type appPunchesInput } from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors.js';
import type { Scope } from '../../http/scope.js';
import { readRecords, storeBatch } from '../punch/punch-upload.service.js';
import { boundPhone } from './app-device.service.js';
import * as repo from './guard-app.repository.js';

/**
 * `Terminal/AppPunches`: the phone's batch through the terminals' own upload (validated one by one, stored once
 * each, linked to rounds, alerts raised, answered after commit); the account is the caller, whatever a record
 * says, and the phone must be the one the session registered (app-device.service.ts, boundPhone).
 *
 * Photos (ROLES.md): a photo belongs to the account that uploaded it and attaches to one punch only. Someone
 * else's photo, or one already attached to another punch (or named by two punches of the batch) → 403 for the
 * whole batch, nothing stored. A photo attached to this very punch is the same batch sent again (its answer was
 * lost): accepted, the punch is a duplicate. A photo that no longer exists (deleted by the 24 h clean-up while the
 * phone was offline) only refuses its record, as before.
 */
export async function appPunches(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof appPunchesInput>,
): Promise<UploadPunchesResult> {
  const terminal = await boundPhone(ctx, scope, input.device_no);
  const now = ctx.now();
  const read = readRecords(input.records, ctx.config.tzName, now, appPunchRecord);
  const photoIds = [...new Set(read.valid.flatMap((p) => p.photoIds ?? []))];
  const photos = new Map((await repo.photosByIds(ctx.db, photoIds)).map((p) => [p.photo_id, p]));
  const punchKeyOf = (p: { patrolSn: string; at: Date }) => `${terminal.device_no}|${p.patrolSn}|${p.at.getTime()}`;
  const claimedBy = new Map<number, string>();
  const rejected = [...read.rejected];
  const valid = read.valid.filter((p) => {
    const key = punchKeyOf(p);
    for (const id of p.photoIds ?? []) {
      const found = photos.get(id);
      if (!found) continue;
      if (found.user_id !== scope.caller.userId) throw forbidden(guardAppMessages.photoNotYours);
      const claimed = claimedBy.get(id) ?? found.punch_key;
      if (claimed !== null && claimed !== key) throw forbidden(guardAppMessages.photoUsed);
      claimedBy.set(id, key);
    }
    if ((p.photoIds ?? []).every((id) => photos.has(id))) return true;
    rejected.push({ index: p.index, reason: guardAppMessages.photoMissing });
    return false;
  });
  const userName = scope.caller.userName;
  return storeBatch(ctx, terminal, {
    valid: valid.map((p) => ({ ...p, userName })),
    rejected: rejected.sort((a, b) => a.index - b.index),
    now,
    afterStore: async (tx, stored) => {
      const links = stored.flatMap((p) =>
        [...new Set(p.photoIds ?? [])].map((photoId) => ({
          photo_id: photoId,
          device_no: terminal.device_no,
          patrol_sn: p.patrolSn,
          punch_time: p.at.toISOString(),
          hold_id: terminal.hold_id,
        })),
      );
      // A photo taken meanwhile by a concurrent batch, or deleted by the clean-up: the whole batch is rolled back.
      if ((await repo.linkPhotos(tx, links)) !== links.length) throw forbidden(guardAppMessages.photoUsed);
    },
  });
}
