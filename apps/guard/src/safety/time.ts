export const MINUTE_MS = 60_000;

/** Local `YYYY-MM-DD HH:mm:ss` (the phone's clock, as punches carry it) → ms, or null. */
export function msOfLocal(text: string): number | null {
  const ms = new Date(text.replace(' ', 'T')).getTime();
  return Number.isFinite(ms) ? ms : null;
}
