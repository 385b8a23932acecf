/** A camera photo shrunk in the browser to ≤ 1,600 px and ≤ 500 kB before it is queued (GUARD-APP.md). */
export const MAX_PHOTO_EDGE = 1600;
export const MAX_PHOTO_MB = 0.5;

export async function shrinkPhoto(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  // No web worker: the library's worker would load its own script from a CDN, and the app fetches nothing from one.
  return imageCompression(file, {
    maxSizeMB: MAX_PHOTO_MB,
    maxWidthOrHeight: MAX_PHOTO_EDGE,
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.8,
  });
}
