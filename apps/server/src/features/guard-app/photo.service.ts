import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_PHOTO_BYTES, guardAppMessages } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { uploadsDir } from '../upload/upload.service.js';
import * as repo from './guard-app.repository.js';

/** The kinds of image a photo may be, told by their first bytes (never by the name or the declared type). */
const IMAGE_KINDS = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
] as const;

export function imageKindOf(bytes: Buffer) {
  return IMAGE_KINDS.find((kind) => bytes.length >= 12 && kind.test(bytes));
}

const photosDir = (ctx: AppContext) => path.join(uploadsDir(ctx), 'photos');

/** Reads a stream whole, refusing it past `max` bytes (the rest is not read into memory). */
async function readAtMost(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.resume();
      throw invalid(guardAppMessages.photoTooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `Terminal/UploadPhoto`: one JPEG, PNG or WebP of at most 2 MB, by its bytes; stored under
 * `DATA_DIR/uploads/photos` with a random name, owned by the caller until a punch carries it.
 */
export async function storePhoto(ctx: AppContext, scope: Scope, stream: Readable): Promise<{ photo_id: number }> {
  const bytes = await readAtMost(stream, MAX_PHOTO_BYTES);
  if (bytes.length === 0) throw invalid(guardAppMessages.photoRequired);
  const kind = imageKindOf(bytes);
  if (!kind) throw invalid(guardAppMessages.photoNotImage);
  const storedName = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  const file = path.join(photosDir(ctx), storedName);
  await mkdir(photosDir(ctx), { recursive: true });
  await writeFile(file, bytes, { flag: 'wx' });
  try {
    const photoId = await repo.insertPhoto(ctx.db, {
      hold_id: scope.caller.holdId,
      user_id: scope.caller.userId,
      stored_name: storedName,
      mime: kind.mime,
      bytes: bytes.length,
      create_time: ctx.now(),
    });
    return { photo_id: photoId };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

/** How long a photo may wait for its punch (ROLES.md): the phone uploads it just before the punch that carries it. */
export const UNATTACHED_PHOTO_MS = 24 * 60 * 60_000;
/** Photos deleted per statement: short transactions however many a first run finds. */
const CLEAN_UP_BATCH = 500;

/**
 * Deletes photos attached to no punch within 24 h of their upload, rows first and then their files (a file whose
 * removal fails is an orphan on disk, never a row pointing at nothing). Answers how many were deleted.
 */
export async function removeUnattachedPhotos(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - UNATTACHED_PHOTO_MS);
  let total = 0;
  for (;;) {
    const names = await repo.deleteUnattachedPhotos(ctx.db, before, CLEAN_UP_BATCH);
    await Promise.all(
      names.map((name) => rm(path.join(photosDir(ctx), path.basename(name)), { force: true }).catch(() => undefined)),
    );
    total += names.length;
    if (names.length < CLEAN_UP_BATCH) return total;
  }
}

/** A photo's bytes for an account whose scope covers its punch (or its uploader before that); 404 otherwise. */
export async function photoFile(ctx: AppContext, scope: Scope, photoId: number) {
  const [found] = await repo.photosByIds(ctx.db, [photoId]);
  if (!found || !scope.covers(found.path)) throw notFound(guardAppMessages.photoMissing);
  const file = path.join(photosDir(ctx), path.basename(found.stored_name));
  // A row whose file is gone (a DATA_DIR restored without its uploads) is a missing photo, not a failure.
  if (!(await stat(file).catch(() => null))?.isFile()) throw notFound(guardAppMessages.photoMissing);
  return { mime: found.mime, stream: createReadStream(file) };
}

/** Photos by id with their owner and the key they are attached to (null while free): another feature's checks. */
export function photosByIds(q: Queryable, ids: readonly number[]) {
  return repo.photosByIds(q, ids);
}

/** Attaches free photos to a key (a hazard's fix names `HAZARD`, `H<id>`); answers how many were attached. */
export function linkPhotos(q: Queryable, links: Parameters<typeof repo.linkPhotos>[1]) {
  return repo.linkPhotos(q, links);
}
