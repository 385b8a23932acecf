import type { Position } from './safety-queue';

/** The longest the app waits for a position at an SOS or a check-in (SAFETY.md: ≤ 5 s, then without one). */
export const POSITION_WAIT_MS = 5_000;
/** A fix younger than this goes with a punch as it is (a punch never waits for the position). */
const FRESH_MS = 60_000;

let last: (Position & { at: number }) | null = null;

const ofFix = (fix: GeolocationPosition): Position => ({
  lat: fix.coords.latitude,
  lng: fix.coords.longitude,
  accuracy: Number.isFinite(fix.coords.accuracy) ? fix.coords.accuracy : null,
});

const geolocation = () => (typeof navigator !== 'undefined' ? navigator.geolocation : undefined);

/** Follows the phone's position while the app is open (the browser asks once); each fix is kept for the punches. */
export function watchPosition(): () => void {
  const geo = geolocation();
  if (!geo) return () => undefined;
  const id = geo.watchPosition(
    (fix) => (last = { ...ofFix(fix), at: Date.now() }),
    () => undefined,
    { enableHighAccuracy: true, maximumAge: 30_000 },
  );
  return () => geo.clearWatch(id);
}

/** The newest fix if it is fresh, else null: a punch goes without waiting. */
export function freshPosition(now = Date.now()): Position | null {
  if (!last || now - last.at > FRESH_MS) return null;
  return { lat: last.lat, lng: last.lng, accuracy: last.accuracy };
}

/**
 * The position for an SOS, a check-in or a duty tap: the followed fix at once when it is fresh (watchPosition calls
 * back when the phone moves, so a guard standing still keeps an old but true fix), else asked of the browser, at
 * most `waitMs`; null when refused, slow or missing. Asking again while a fix is at hand made an SOS wait up to its
 * 5 s: Chromium answered getCurrentPosition only at its timeout while the watch had the position (sos.spec).
 */
export function currentPosition(waitMs = POSITION_WAIT_MS): Promise<Position | null> {
  const geo = geolocation();
  if (!geo) return Promise.resolve(null);
  const known = freshPosition();
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(freshPosition()), waitMs);
    geo.getCurrentPosition(
      (fix) => {
        clearTimeout(timer);
        last = { ...ofFix(fix), at: Date.now() };
        resolve(ofFix(fix));
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: waitMs, maximumAge: 10_000 },
    );
  });
}
