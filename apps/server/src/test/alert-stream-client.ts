import type { AlertRow } from '@guard-tour/contract';

/** Under the server's address: where the API calls live. */
const API = '/proxyserver/api';

/**
 * A console's open `Alert/Stream` as the tests read it (the API tests and the heavy R14 test): the alerts received
 * so far, each with the moment it arrived, and `ended` once the server closes it.
 */
export class AlertStream {
  readonly received: { alert: AlertRow; at: number }[] = [];
  /** Settles when the stream ends (the server closed it, or `close`). */
  ended: Promise<void> = Promise.resolve();
  private readonly abort = new AbortController();

  private constructor(readonly base: string) {}

  static async open(base: string, token: string): Promise<AlertStream> {
    const stream = new AlertStream(base);
    const response = await fetch(`${base}${API}/Alert/Stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: stream.abort.signal,
    });
    if (!response.headers.get('content-type')?.includes('text/event-stream')) {
      throw new Error(`the stream answered ${response.status} ${await response.text()}`);
    }
    stream.ended = stream.read(response.body!.pipeThrough(new TextDecoderStream()).getReader());
    return stream;
  }

  private async read(reader: ReadableStreamDefaultReader<string>): Promise<void> {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const data = message.find((line) => line.startsWith('data: '));
          if (message.includes('event: alert') && data) {
            this.received.push({ alert: JSON.parse(data.slice(6)) as AlertRow, at: Date.now() });
          }
        }
      }
    } catch {
      // Closed by the test, or by the server going away.
    }
  }

  get alerts(): AlertRow[] {
    return this.received.map((r) => r.alert);
  }

  /** When the alert arrived, or undefined. */
  arrival(alertId: number): number | undefined {
    return this.received.find((r) => r.alert.alert_id === alertId)?.at;
  }

  close(): void {
    this.abort.abort();
  }
}

/** Polls `check` until it answers something, for at most `ms`; throws naming `what` after that. */
export async function eventually<T>(
  ms: number,
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`${what}: nothing within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
