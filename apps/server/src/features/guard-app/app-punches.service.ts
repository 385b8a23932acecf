import { appPunchRecord, guardAppMessages, type UploadPunchesResult, type appPunchesInput } from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Scope } from '../../http/scope.js';
import { readRecords, storeBatch } from '../punch/punch-upload.service.js';
import { appTerminal } from './app-device.service.js';
import * as repo from './guard-app.repository.js';

/**
 * `Terminal/AppPunches`: the phone's batch through the terminals' own upload (validated one by one, stored once
 * each, linked to rounds, alerts raised, answered after commit); the account is the caller, whatever a record
 * says; a record's photos must be ones the caller uploaded (else that record is refused).
 */
export async function appPunches(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof appPunchesInput>,
): Promise<UploadPunchesResult> {
  const terminal = await appTerminal(ctx, scope, input.device_no);
  const now = ctx.now();
  const read = readRecords(input.records, ctx.config.tzName, now, appPunchRecord);
  const photoIds = [...new Set(read.valid.flatMap((p) => p.photoIds ?? []))];
  const photos = new Map((await repo.photosByIds(ctx.db, photoIds)).map((p) => [p.photo_id, p]));
  const usable = (id: number) => photos.get(id)?.user_id === scope.caller.userId;
  const rejected = [...read.rejected];
  const valid = read.valid.filter((p) => {
    if ((p.photoIds ?? []).every(usable)) return true;
    rejected.push({ index: p.index, reason: guardAppMessages.photoMissing });
    return false;
  });
  const userName = scope.caller.userName;
  return storeBatch(ctx, terminal, {
    valid: valid.map((p) => ({ ...p, userName })),
    rejected: rejected.sort((a, b) => a.index - b.index),
    now,
    afterStore: (tx, stored) =>
      repo.linkPhotos(
        tx,
        stored.flatMap((p) =>
          (p.photoIds ?? []).map((photoId) => ({
            photo_id: photoId,
            device_no: terminal.device_no,
            patrol_sn: p.patrolSn,
            punch_time: p.at.toISOString(),
            hold_id: terminal.hold_id,
          })),
        ),
      ),
  });
}
