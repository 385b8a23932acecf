import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../http/caller.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { TOO_MANY_EXPORTS, registerExportLimit } from '../http/export-limit.js';
import { ipcChannel } from '../test/ipc-channel.js';
import { Conversation } from './conversation.js';
import { answerWorker } from './primary.js';
import { SharedLimits } from './shared-limits.js';
import { SharedExportSlots } from './worker-limits.js';

/** Two workers' apps whose exports can be held open, their slots kept by one primary over IPC channels. */
describe('export slots over a server’s workers', () => {
  const limits = new SharedLimits();
  const gates: (() => void)[] = [];
  const workers: FastifyInstance[] = [];

  beforeAll(async () => {
    for (const id of [1, 2]) {
      const [workerEnd, primaryEnd] = ipcChannel();
      answerWorker(new Conversation(primaryEnd), id, limits, async () => '');
      const app = Fastify();
      registerErrorHandler(app);
      app.decorateRequest('caller', null);
      app.addHook('onRequest', async (request) => {
        request.caller = { userId: Number(request.headers['x-account']) } as Caller;
      });
      registerExportLimit(app, new SharedExportSlots(new Conversation(workerEnd)));
      app.post('/api/PatrolData/ExportRecords', async () => {
        await new Promise<void>((resolve) => gates.push(resolve));
        return { code: 200, msg: '成功', data: 'file.xlsx' };
      });
      await app.ready();
      workers.push(app);
    }
  });
  afterAll(async () => {
    limits.close();
    await Promise.all(workers.map((app) => app.close()));
  });

  const exportOn = (worker: number, accountId: number) =>
    workers[worker - 1]!.inject({
      method: 'POST',
      url: '/api/PatrolData/ExportRecords',
      headers: { 'x-account': String(accountId) },
    });
  const running = async (count: number) => {
    while (gates.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('holds an account to two and the server to four whichever worker runs them, and frees a dead worker’s', async () => {
    const onFirst = [exportOn(1, 1), exportOn(1, 1)];
    await running(2);
    expect((await exportOn(2, 1)).json()).toEqual({ code: 429, msg: TOO_MANY_EXPORTS, data: null });
    const onSecond = [exportOn(2, 2), exportOn(2, 3)];
    await running(4);
    expect((await exportOn(1, 4)).json()).toMatchObject({ code: 429, msg: TOO_MANY_EXPORTS });
    // The first worker dies with its two exports: their slots are free again.
    limits.forget(1);
    expect(limits.runningExports()).toBe(2);
    const after = exportOn(2, 1);
    await running(5);
    gates.splice(0).forEach((open) => open());
    for (const answer of await Promise.all([...onFirst, ...onSecond, after])) expect(answer.json().code).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(limits.runningExports()).toBe(0);
  });
});
