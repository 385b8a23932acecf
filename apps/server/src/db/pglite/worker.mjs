// The embedded database on a thread of its own (thread.ts starts it): PGlite's engine answers wire-protocol
// messages here while the server's JavaScript runs on the main thread. Plain JavaScript so that it runs as a
// worker both from src/ (tests) and dist/.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's buffer cache inside the engine's WebAssembly memory, which the process keeps once touched: 64 MB, not
 * PGlite's 128. A server on the 1M benchmark folder started at 344 MB instead of 435 and two 1M exports at once
 * peaked at 566 MB instead of 633 (P6: 600); the pages it no longer keeps are read from the operating system's cache.
 */
const SHARED_BUFFERS = '64MB';

/** @type {PGlite | undefined} */
let pg;
try {
  pg = await PGlite.create(workerData.dir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, message: String(error?.message ?? error) });
}

/** Where a reply is gathered: grown to the largest reply yet, kept between replies unless it grew large. */
let scratch = new Uint8Array(64 * 1024);
const KEEP_AT_MOST = 4 * 1024 * 1024;

/**
 * The engine's reply to `bytes`, gathered as it streams out and copied into one buffer of its own, which moves to
 * the main thread. PGlite's non-streaming call builds its reply in a buffer it grows, which was six times slower on
 * large results and kept memory it never gave back (1.5 MB a 5,000-row query, measured). One buffer a reply, not
 * one per 8 KiB piece: a large reply is one allocation the main thread frees whole (two exports at once grew the
 * allocator's arenas by 100 MB with pieces made here and freed there).
 * @param {Uint8Array} bytes
 */
async function run(bytes) {
  let length = 0;
  await pg.execProtocolRawStream(bytes, {
    onRawData(piece) {
      if (length + piece.length > scratch.length) {
        const grown = new Uint8Array(Math.max(scratch.length * 2, length + piece.length));
        grown.set(scratch.subarray(0, length));
        scratch = grown;
      }
      scratch.set(piece, length);
      length += piece.length;
    },
  });
  const reply = scratch.slice(0, length);
  if (scratch.length > KEEP_AT_MOST) scratch = new Uint8Array(64 * 1024);
  return reply;
}

/**
 * `{ id, bytes }`: the messages run as one, in the order they came, answered with the engine's reply (moved, not
 * copied); `{ id, close: true }`: the engine shut down cleanly.
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
