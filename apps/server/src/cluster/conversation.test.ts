import { describe, expect, it } from 'vitest';
import { ipcChannel } from '../test/ipc-channel.js';
import { Conversation } from './conversation.js';

describe('questions and answers between a server’s processes', () => {
  it('answers each question by its number, both ways, and null to what nobody answers or what fails', async () => {
    const [workerEnd, primaryEnd] = ipcChannel();
    const told: unknown[] = [];
    const primary = new Conversation(workerEnd).answer('twice', (n) => (n as number) * 2);
    const worker = new Conversation(primaryEnd)
      .answer('slow', () => new Promise((done) => setTimeout(done, 20, 'slow')))
      .answer('fails', () => {
        throw new Error('no');
      })
      .answer('note', (body) => told.push(body));
    primary.answer('never', () => 'unused');
    expect(await Promise.all([primary.ask('twice', 21), worker.ask('twice', 2)])).toEqual([null, 4]);
    expect(await Promise.all([primary.ask('slow'), primary.ask('fails'), primary.ask('unknown')])).toEqual([
      'slow',
      null,
      null,
    ]);
    primary.tell('note', { a: 1 });
    await new Promise((done) => setTimeout(done, 10));
    expect(told).toEqual([{ a: 1 }]);
  });
});
