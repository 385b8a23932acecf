import { api } from '@guard-tour/client/api';
import { EXPORT_TIMEOUT_MS, type RequestOptions } from '@guard-tour/client/browser';

/** An export call of the client (`api.record.exportRecords`): its body in, the written file's name out. */
export type ExportCall<B> = (body: B, options?: RequestOptions) => Promise<string | null>;

/**
 * Runs an export call: the server writes an .xlsx and answers its file name ('' when there are no rows).
 * Exports get the long timeout (API.md, Transport: a million rows take up to a minute).
 */
export async function exportFileName<B>(exportCall: ExportCall<B>, body: B): Promise<string> {
  const data: unknown = await exportCall(body, { timeoutMs: EXPORT_TIMEOUT_MS });
  return typeof data === 'string' ? data.trim() : '';
}

/** The download link of an export: a plain GET, the file name itself is the credential (API.md, Files). */
export function downloadUrl(fileName: string): string {
  return api.record.downloadExport.url({ fileName });
}
