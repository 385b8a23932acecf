import { clientFor } from '@guard-tour/client';
import { browser } from '@guard-tour/client/browser';
import { authCalls, guardAppCalls, hazardCalls, safetyCalls, shiftCalls } from '@guard-tour/contract';

/**
 * The guard app's one way to call the server: the browser's connection over the five areas of the call table it
 * speaks (sign-in, the app's own calls, hazards, safety, the duty roster), so its bundle holds no other schema.
 */
export const api = clientFor(
  { auth: authCalls, guardApp: guardAppCalls, hazard: hazardCalls, safety: safetyCalls, shift: shiftCalls },
  browser,
);
