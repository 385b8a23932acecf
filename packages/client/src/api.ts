import { browser } from './browser.js';
import { createClient } from './client.js';

/**
 * The console's and the guard app's one way to call the server, made from the call table:
 * `api.device.saveDevice(body)`. No path is written anywhere else in them.
 */
export const api = createClient(browser);
