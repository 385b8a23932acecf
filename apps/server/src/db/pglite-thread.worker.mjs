// The embedded database on a thread of its own (pglite-thread.ts starts it): PGlite's engine answers wire-protocol
// messages here while the server's JavaScript runs on the main thread. Plain JavaScript so that it runs as a
// worker both from src/ (tests) and dist/.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {PGlite | undefined} */
let pg;
try {
  pg = await PGlite.create(workerData.dir);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, message: String(error?.message ?? error) });
}

/**
 * `{ id, bytes }`: the messages run as one, in the order they came, answered with the engine's reply bytes (moved,
 * not copied); `{ id, close: true }`: the engine shut down cleanly.
 */
parentPort.on('message', async ({ id, bytes, close }) => {
  try {
    if (close) {
      await pg?.close();
      parentPort.postMessage({ id });
      return;
    }
    const reply = pg.execProtocolRawSync(bytes);
    parentPort.postMessage({ id, reply }, [reply.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, message: String(error?.message ?? error) });
  }
});
