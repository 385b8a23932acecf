import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The phone's position for an SOS (SAFETY.md: asked at the press, at most 5 s waited): the fix the app follows is
 * used at once when fresh; without one the browser is asked, and its silence ends the wait at 5 s. The browser's
 * geolocation is a stand-in that records what it was asked.
 */

const SHANGHAI = { latitude: 31.2304, longitude: 121.4737, accuracy: 15 };

function fakeGeolocation() {
  const watchers: PositionCallback[] = [];
  const asked: PositionCallback[] = [];
  const geolocation = {
    watchPosition: (callback: PositionCallback) => watchers.push(callback),
    clearWatch: () => undefined,
    getCurrentPosition: (callback: PositionCallback) => asked.push(callback),
  };
  vi.stubGlobal('navigator', { geolocation });
  const fix = { coords: SHANGHAI, timestamp: Date.now() } as unknown as GeolocationPosition;
  return { moved: () => watchers.forEach((watcher) => watcher(fix)), asked };
}

async function freshModule() {
  vi.resetModules();
  return import('./position');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the position an SOS carries', () => {
  it('is the followed fix at once when there is a fresh one, without asking the browser again', async () => {
    const phone = fakeGeolocation();
    const { currentPosition, watchPosition } = await freshModule();
    watchPosition();
    phone.moved();
    vi.useFakeTimers();
    const position = currentPosition();
    await expect(position).resolves.toEqual({ lat: SHANGHAI.latitude, lng: SHANGHAI.longitude, accuracy: 15 });
    expect(phone.asked).toHaveLength(0);
  });

  it('is asked of the browser when the followed fix is old, and not waited for past 5 s', async () => {
    vi.useFakeTimers();
    const phone = fakeGeolocation();
    const { currentPosition, watchPosition, POSITION_WAIT_MS } = await freshModule();
    watchPosition();
    phone.moved();
    vi.advanceTimersByTime(61_000);
    const position = currentPosition();
    expect(phone.asked).toHaveLength(1);
    vi.advanceTimersByTime(POSITION_WAIT_MS);
    await expect(position).resolves.toBeNull();
  });
});
