// The register of written exports (`export_file`): who made which file, and until when it may be downloaded.
import { eq, lte } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { exportFile } from '../db/schema.js';

/** Records a written export with its account, organisation and expiry. */
export async function insertExportFile(
  q: Queryable,
  values: {
    file_name: string;
    user_id: number;
    hold_id: number;
    title: string;
    row_count: number;
    create_time: Date;
    expires_at: Date;
  },
): Promise<void> {
  await q.insert(exportFile).values(values);
}

/** A recorded export by its file name. */
export async function findExportFile(q: Queryable, fileName: string) {
  const [row] = await q
    .select({
      file_name: exportFile.file_name,
      title: exportFile.title,
      create_time: exportFile.create_time,
      expires_at: exportFile.expires_at,
    })
    .from(exportFile)
    .where(eq(exportFile.file_name, fileName));
  return row;
}

/** Forgets the exports that expired by `now` and answers their names (to remove the files). */
export async function deleteExpiredExports(q: Queryable, now: Date): Promise<string[]> {
  const rows = await q
    .delete(exportFile)
    .where(lte(exportFile.expires_at, now))
    .returning({ file_name: exportFile.file_name });
  return rows.map((r) => r.file_name);
}
