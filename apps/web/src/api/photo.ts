import { api } from '@guard-tour/client/api';
import { failureOf, fetchFile } from '@guard-tour/client/browser';

/**
 * An event photo's bytes (GUARD-APP.md, `photo bytes`). The server shows it only to accounts whose scope covers its
 * punch, so it is fetched with the bearer token and shown through an object URL; a refusal is an ApiError.
 */
export async function fetchPhoto(photoId: number, signal?: AbortSignal): Promise<Blob> {
  const { status, blob, body } = await fetchFile(api.guardApp.photo.url({ photo_id: photoId }), { signal });
  if (blob) return blob;
  throw failureOf(status, body);
}
