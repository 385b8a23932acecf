/** One end of a process's IPC channel: a cluster worker's `process`, or the primary's `Worker`. */
export interface Endpoint {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

interface Ask {
  ask: number;
  topic: string;
  body: unknown;
}

interface Answer {
  answer: number;
  body: unknown;
}

function isAsk(message: unknown): message is Ask {
  return typeof message === 'object' && message !== null && 'ask' in message && 'topic' in message;
}

function isAnswer(message: unknown): message is Answer {
  return typeof message === 'object' && message !== null && 'answer' in message;
}

/**
 * Questions and answers over a process's IPC channel, in both directions: a worker asks the primary for a slot or a
 * count it keeps for all of them, the primary asks each worker for its metrics. An answer finds its question by
 * number; a question nobody answers (the other end gone) stays unanswered, and its process ends with the channel.
 */
export class Conversation {
  private asked = 0;
  private readonly waiting = new Map<number, (body: unknown) => void>();
  private readonly answerers = new Map<string, (body: unknown) => unknown>();

  constructor(private readonly endpoint: Endpoint) {
    endpoint.on('message', (message) => {
      if (isAnswer(message)) {
        this.waiting.get(message.answer)?.(message.body);
        this.waiting.delete(message.answer);
      } else if (isAsk(message)) {
        void this.reply(message);
      }
    });
  }

  ask<T>(topic: string, body: unknown = null): Promise<T> {
    const ask = ++this.asked;
    return new Promise<T>((resolve) => {
      this.waiting.set(ask, resolve as (body: unknown) => void);
      this.endpoint.send({ ask, topic, body } satisfies Ask);
    });
  }

  /** Says something that needs no answer (a slot given back). */
  tell(topic: string, body: unknown = null): void {
    this.endpoint.send({ ask: 0, topic, body } satisfies Ask);
  }

  /** Answers `topic` with `answerer`'s value; a question of a topic nobody answers gets `null`. */
  answer(topic: string, answerer: (body: unknown) => unknown): this {
    this.answerers.set(topic, answerer);
    return this;
  }

  private async reply({ ask, topic, body }: Ask): Promise<void> {
    const answerer = this.answerers.get(topic);
    // An answerer that fails answers null, as an unknown topic does: the asker decides what that means.
    const value: unknown = answerer
      ? await Promise.resolve(body)
          .then(answerer)
          .catch(() => null)
      : null;
    if (ask !== 0) this.endpoint.send({ answer: ask, body: value ?? null } satisfies Answer);
  }
}
