import { lazy, Suspense } from 'react';

/**
 * The SOS button and 报平安 over every signed-in screen (sos-layer.tsx), in a chunk of its own so that the login
 * screen's shell stays within its 200 KiB (GUARD-APP.md). Its loading starts with the app, so it is there by the time
 * the guard has logged in; the service worker keeps it for offline starts.
 */
const load = () => import('./sos-layer').then((module) => ({ default: module.SosLayer }));
const SosLayer = lazy(load);
void load();

export function SafetyLayer() {
  return (
    <Suspense fallback={null}>
      <SosLayer />
    </Suspense>
  );
}
