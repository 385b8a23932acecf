import { API_BASE, apiPost, EXPORT_TIMEOUT_MS } from '../api/client';

/**
 * Runs an export call: the server writes an .xlsx and answers its file name ('' when there are no rows).
 * Exports get the long timeout (API.md, Transport: a million rows take up to a minute).
 */
export async function exportFileName(path: string, body: unknown): Promise<string> {
  const data = await apiPost<unknown>(path, body, { timeoutMs: EXPORT_TIMEOUT_MS });
  return typeof data === 'string' ? data.trim() : '';
}

/** The download link of an export: a plain GET, the file name itself is the credential (API.md, Files). */
export function downloadUrl(fileName: string): string {
  return `${API_BASE}/api/file/download_excelfile?fileName=${encodeURIComponent(fileName)}`;
}
