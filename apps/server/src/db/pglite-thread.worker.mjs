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
 * The engine's reply to `bytes`, taken as it streams out in pieces and joined: PGlite's non-streaming call builds
 * its reply in a buffer it grows, which is slow for large results and kept memory it never gave back (1.5 MB a
 * 5,000-row query, measured).
 * @param {Uint8Array} bytes
 */
async function run(bytes) {
  const pieces = [];
  let size = 0;
  await pg.execProtocolRawStream(bytes, {
    onRawData(piece) {
      pieces.push(piece.slice());
      size += piece.length;
    },
  });
  const reply = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    reply.set(piece, at);
    at += piece.length;
  }
  return reply;
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
    const reply = await run(bytes);
    parentPort.postMessage({ id, reply }, [reply.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, message: String(error?.message ?? error) });
  }
});
