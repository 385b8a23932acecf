import { UPLOAD_MAX_BYTES, uploadMessages } from '@guard-tour/contract';
import { api } from '@guard-tour/client/api';
import { ApiError, fetchJson } from '@guard-tour/client/browser';

/**
 * The file upload (spec section 7): multipart to the call table's `upload.uploadFile`, which answers in its own
 * shape, `{errCode: 0, result: {imagePath}}` or `{errCode, errMsg}`, not the usual envelope.
 */
export const UPLOAD_PATH = api.upload.uploadFile.path;
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
  const form = new FormData();
  form.append('file', file, file.name);
  const { status, body } = await fetchJson(
    UPLOAD_PATH,
    { method: 'POST', body: form },
    { timeoutMs: UPLOAD_TIMEOUT_MS, signal },
  );
  // A proxy's 413 page or a stopped server: no reply of the upload's own shape.
  if (body === null && status === 413) throw new ApiError('server', uploadMessages.tooLarge, 413);
  return imagePathOf(body);
}
