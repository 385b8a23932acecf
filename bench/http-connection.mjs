// The benchmark's HTTP/1.1 client: kept TCP connections to one server, a request at a time on each, written and read
// by hand. The least a client does (write the request, read the answer by its content-length, decode its text), as
// the raw side's driver does for a statement, so that what a call measures is the server's.
//
// node:http's client (an agent, a ClientRequest and an IncomingMessage with their streams and events per call) spent
// 0.1-0.15 ms of the benchmark's own CPU more on every call on this machine (TodayPatrolLogs on the 1M set, alternated:
// 1.66-1.75x its SQL against 1.48-1.59x), and undici's fetch a third of a millisecond more than node:http before it.
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:\s*chunked/i;
const STATUS = /^HTTP\/1\.[01] (\d{3})/;

class Connection {
  constructor(host, port, release) {
    this.socket = net.connect({ host, port, noDelay: true });
    /** What has arrived of the answer awaited. */
    this.buffer = Buffer.alloc(0);
    this.answer = null;
    this.release = release;
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  /** Sends one request; resolves with `{ status, text }`. */
  send(request) {
    this.socket.ref();
    return new Promise((resolve, reject) => {
      this.answer = { resolve, reject };
      this.socket.write(request);
    });
  }

  read(chunk) {
    const buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    this.buffer = buffer;
    const headEnd = buffer.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = buffer.toString('latin1', 0, headEnd);
    const length = CONTENT_LENGTH.exec(head);
    const body = length
      ? lengthBody(buffer, headEnd + HEAD_END.length, Number(length[1]))
      : CHUNKED.test(head)
        ? chunkedBody(buffer, headEnd + HEAD_END.length)
        : new Error(`an answer without a length: ${head.split('\r\n')[0]}`);
    if (body === null) return;
    if (body instanceof Error) return this.fail(body);
    const answer = this.answer;
    this.buffer = Buffer.alloc(0);
    this.answer = null;
    // Idle, it keeps no process alive (as node:http's agent does with its kept sockets).
    this.socket.unref();
    this.release(this);
    answer?.resolve({ status: Number(STATUS.exec(head)?.[1]), text: body });
  }

  fail(error) {
    this.socket.destroy();
    const answer = this.answer;
    this.answer = null;
    answer?.reject(error);
  }
}

/** The body of `length` bytes from `start`, as text; null while it has not all arrived. */
function lengthBody(buffer, start, length) {
  if (buffer.length < start + length) return null;
  if (buffer.length > start + length) return new Error('more bytes than one answer');
  return buffer.toString('utf8', start, start + length);
}

/** The chunked body from `start`, as text; null while its last chunk has not arrived. */
function chunkedBody(buffer, start) {
  const parts = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) return new Error('a chunk without its size');
    if (buffer.length < lineEnd + 2 + size + 2) return null;
    if (size === 0) return Buffer.concat(parts).toString('utf8');
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Idle connections per server (`host:port`); calls made at once each take one, or open one. */
const idle = new Map();

/** Sends `method path` with `headers` and `payload` (text) to `url`'s server; `{ status, text }` of the answer. */
export async function request(url, method, headers, payload = '') {
  const host = `${url.hostname}:${url.port}`;
  let free = idle.get(host);
  if (!free) idle.set(host, (free = []));
  let connection = free.pop();
  while (connection?.socket.destroyed) connection = free.pop();
  connection ??= new Connection(url.hostname, Number(url.port), (done) => free.push(done));
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`content-length: ${Buffer.byteLength(payload)}`);
  return connection.send(`${lines.join('\r\n')}\r\n\r\n${payload}`);
}
