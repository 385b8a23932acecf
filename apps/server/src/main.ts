// The server's entry point (`node apps/server/dist/main.js`, which `npm start` runs) on the real clock.
import { serve } from './serve.js';

await serve();
