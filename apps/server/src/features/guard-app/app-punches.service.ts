import { appPunchRecord, guardAppMessages, type UploadPunchesResult, type appPunchesInput } from '@guard-tour/contract';
import { checkAnswers, type StoredAnswer } from '../../domain/inspection-answers.js';
import { checklistsByCard, storeAnswers } from '../inspection/answers.service.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors.js';
import type { Scope } from '../scope.js';
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
  // The answers to the point's checklist (INSPECTION.md): one that does not fit its item refuses its record only.
  const rejected = [...read.rejected];
  const answersOf = new Map<number, StoredAnswer[]>();
  const checklists = await checklistsByCard(ctx.db, [...new Set(read.valid.map((p) => p.patrolSn))]);
  const answered = read.valid.filter((p) => {
    const given = appPunchRecord.safeParse(input.records[p.index]).data?.answers ?? [];
    const items = checklists.get(p.patrolSn);
    // No checklist at the point (taken off while the phone was offline): the punch stands, its answers are moot.
    if (!items) return true;
    if (given.length === 0) return true;
    const checked = checkAnswers(items, given);
    if (!checked.ok) {
      rejected.push({ index: p.index, reason: checked.reason });
      return false;
    }
    answersOf.set(p.index, checked.answers);
    p.checkResult = checked.abnormal;
    return true;
  });
  const allPhotos = (p: { index: number; photoIds?: number[] | undefined }) => [
    ...new Set([...(p.photoIds ?? []), ...(answersOf.get(p.index) ?? []).flatMap((a) => a.photo_ids)]),
  ];
  const photoIds = [...new Set(answered.flatMap(allPhotos))];
  const photos = new Map((await repo.photosByIds(ctx.db, photoIds)).map((p) => [p.photo_id, p]));
  const punchKeyOf = (p: { patrolSn: string; at: Date }) => `${terminal.device_no}|${p.patrolSn}|${p.at.getTime()}`;
  const claimedBy = new Map<number, string>();
  const valid = answered.filter((p) => {
    const key = punchKeyOf(p);
    for (const id of allPhotos(p)) {
      const found = photos.get(id);
      if (!found) continue;
      if (found.user_id !== scope.caller.userId) throw forbidden(guardAppMessages.photoNotYours);
      const claimed = claimedBy.get(id) ?? found.punch_key;
      if (claimed !== null && claimed !== key) throw forbidden(guardAppMessages.photoUsed);
      claimedBy.set(id, key);
    }
    if (allPhotos(p).every((id) => photos.has(id))) return true;
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
        allPhotos(p).map((photoId) => ({
          photo_id: photoId,
          device_no: terminal.device_no,
          patrol_sn: p.patrolSn,
          punch_time: p.at.toISOString(),
          hold_id: terminal.hold_id,
        })),
      );
      // A photo taken meanwhile by a concurrent batch, or deleted by the clean-up: the whole batch is rolled back.
      if ((await repo.linkPhotos(tx, links)) !== links.length) throw forbidden(guardAppMessages.photoUsed);
      await storeAnswers(
        tx,
        terminal.device_no,
        stored.map((p) => ({ patrolSn: p.patrolSn, at: p.at, answers: answersOf.get(p.index) ?? [] })),
        { name: scope.caller.trueName || scope.caller.userName, userId: scope.caller.userId },
        now,
      );
    },
  });
}
