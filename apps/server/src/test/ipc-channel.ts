import { EventEmitter } from 'node:events';
import type { Endpoint } from '../cluster/conversation.js';

/**
 * Two ends of a channel, as a worker's `process` and the primary's `Worker` are: each message cloned and delivered
 * on a later turn of the event loop.
 */
export function ipcChannel(): [Endpoint, Endpoint] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (self: EventEmitter, other: EventEmitter): Endpoint => ({
    send: (message) => setImmediate(() => other.emit('message', structuredClone(message))),
    on: (event, listener) => self.on(event, listener),
  });
  return [end(a, b), end(b, a)];
}
