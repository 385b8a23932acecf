// The browser tests' server: the built server (apps/server/dist) as `node apps/server/dist/main.js` runs it, but
// with its clock standing at E2E_CLOCK_START when the wall clock stood at E2E_CLOCK_ORIGIN (ms), and running on from
// there. The demo tenant's screens are tested at that fixed moment of a fixed day, never at whatever hour the suite
// happens to run; the browser gets the same clock (tests/support.ts, useDemoClock). Only this file reads them.
import { serve } from '../apps/server/dist/serve.js';

const start = Date.parse(process.env.E2E_CLOCK_START ?? '');
const origin = Number(process.env.E2E_CLOCK_ORIGIN);
const shift = Number.isFinite(start) && Number.isFinite(origin) ? start - origin : 0;

await serve({ now: () => new Date(Date.now() + shift) });
