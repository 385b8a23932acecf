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
 * The engine's reply to `bytes`, in the pieces it streams out (each copied out of the engine's memory, then moved
 * to the main thread as it is). PGlite's non-streaming call builds its reply in a buffer it grows, which was six
 * times slower on large results and kept memory it never gave back (1.5 MB a 5,000-row query, measured).
 * @param {Uint8Array} bytes
 */
async function run(bytes) {
  /** @type {Uint8Array[]} */
  const pieces = [];
  await pg.execProtocolRawStream(bytes, {
    onRawData(piece) {
      pieces.push(piece.slice());
    },
  });
  return pieces;
}

/**
 * `{ id, bytes }`: the messages run as one, in the order they came, answered with the engine's reply pieces (moved,
 * not copied); `{ id, close: true }`: the engine shut down cleanly.
 */
parentPort.on('message', async ({ id, bytes, close }) => {
  try {
    if (close) {
      await pg?.close();
      parentPort.postMessage({ id });
      return;
    }
    const reply = await run(bytes);
    parentPort.postMessage(
      { id, reply },
      reply.map((piece) => piece.buffer),
    );
  } catch (error) {
    parentPort.postMessage({ id, message: String(error?.message ?? error) });
  }
});
