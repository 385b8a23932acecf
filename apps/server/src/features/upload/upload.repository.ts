import { and, eq, gte, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { upload } from '../../db/schema.js';

export async function insertUpload(
  q: Queryable,
  values: { file_name: string; user_id: number; original_name: string; size: number; create_time: Date },
): Promise<void> {
  await q.insert(upload).values(values);
}

/** An upload of this account made at or after `since`. */
export async function findUpload(q: Queryable, fileName: string, userId: number, since: Date) {
  const [row] = await q
    .select({ file_name: upload.file_name, original_name: upload.original_name, size: upload.size })
    .from(upload)
    .where(and(eq(upload.file_name, fileName), eq(upload.user_id, userId), gte(upload.create_time, since)));
  return row;
}

/** Forgets uploads made before `before` and answers their file names (to remove the files). */
export async function deleteUploadsBefore(q: Queryable, before: Date): Promise<string[]> {
  const rows = await q.delete(upload).where(lt(upload.create_time, before)).returning({ file_name: upload.file_name });
  return rows.map((r) => r.file_name);
}

export async function deleteUpload(q: Queryable, fileName: string): Promise<void> {
  await q.delete(upload).where(eq(upload.file_name, fileName));
}
