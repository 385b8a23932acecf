import { UPLOAD_MAX_BYTES, uploadMessages } from '@guard-tour/contract';
import { API_BASE, ApiError } from './client';
import { MSG } from './messages';
import { getToken } from './session';

/**
 * The file upload (spec section 7): multipart to /proxyserver/api/UploadFiles/action, which answers in its own
 * shape, `{errCode: 0, result: {imagePath}}` or `{errCode, errMsg}`, not the usual envelope.
 */
export const UPLOAD_PATH = `${API_BASE}/api/UploadFiles/action`;
/** A 50 MB spreadsheet on a slow line needs more than the 10 s of ordinary calls. */
export const UPLOAD_TIMEOUT_MS = 120_000;

const SHEET_EXTENSION = /\.(xlsx|xls)$/i;

/** Why a picked file is refused before it is sent (xlsx/xls only, at most 50M), or null when it may go. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (!SHEET_EXTENSION.test(file.name)) return uploadMessages.wrongType;
  if (file.size > UPLOAD_MAX_BYTES) return uploadMessages.tooLarge;
  return null;
}

/** The upload's reply → the opaque `imagePath` the import takes, or the server's reason as an ApiError. */
export function imagePathOf(reply: unknown): string {
  if (typeof reply === 'object' && reply !== null && 'errCode' in reply) {
    const { errCode, errMsg, result } = reply as {
      errCode: unknown;
      errMsg?: unknown;
      result?: { imagePath?: unknown };
    };
    if (errCode === 0 && typeof result?.imagePath === 'string' && result.imagePath) return result.imagePath;
    const message = typeof errMsg === 'string' && errMsg.trim() ? errMsg.trim() : uploadMessages.failed;
    throw new ApiError('server', message, typeof errCode === 'number' ? errCode : null);
  }
  throw new ApiError('server', uploadMessages.failed);
}

/** Sends one spreadsheet; resolves to its `imagePath`. */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<string> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, UPLOAD_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);

  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let reply: unknown;
  try {
    const response = await fetch(UPLOAD_PATH, { method: 'POST', headers, body: form, signal: controller.signal });
    const text = await response.text();
    try {
      reply = text ? JSON.parse(text) : null;
    } catch {
      reply = null;
    }
    // A proxy's 413 page or a stopped server: no reply of the upload's own shape.
    if (reply === null && response.status === 413) throw new ApiError('server', uploadMessages.tooLarge, 413);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError('timeout', MSG.network);
    if (signal?.aborted) throw new ApiError('aborted', '请求已取消');
    throw new ApiError('network', MSG.network);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
  return imagePathOf(reply);
}
