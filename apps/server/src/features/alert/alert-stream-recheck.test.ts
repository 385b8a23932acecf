import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_STREAM_PING_MS } from '@guard-tour/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../scope.js';
import { AlertHub } from './alert-hub.js';
import { openAlertStream } from './alert-stream.js';
import type { AppContext } from '../../context.js';

/** The connection of one stream as the server writes it: what was written, and whether it was ended. */
class FakeConnection extends EventEmitter {
  written = '';
  ended = false;
  writeHead(): void {}
  write(text: string): boolean {
    this.written += text;
    return true;
  }
  end(): void {
    this.ended = true;
  }
}

function open(stillSignedIn: () => Promise<boolean>) {
  const hub = new AlertHub({} as AppContext, async () => new Map());
  const out = new FakeConnection();
  const reply = { hijack: () => undefined, raw: out } as unknown as FastifyReply;
  const request = { raw: new EventEmitter() } as unknown as FastifyRequest;
  const scope = { caller: { userId: 7, holdPath: '/1/' } } as unknown as Scope;
  openAlertStream(hub, scope, 'hash', request, reply, stillSignedIn);
  return { hub, out };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the alert stream’s re-check with each keep-alive (R20)', () => {
  it('keeps a stream whose session is still live, pinging it', async () => {
    vi.useFakeTimers();
    const { hub, out } = open(async () => true);
    await vi.advanceTimersByTimeAsync(ALERT_STREAM_PING_MS);
    expect(out.written).toContain(': ping');
    expect(out.ended).toBe(false);
    expect(hub.size).toBe(1);
  });

  it('closes a stream whose session has ended', async () => {
    vi.useFakeTimers();
    const { hub, out } = open(async () => false);
    await vi.advanceTimersByTimeAsync(ALERT_STREAM_PING_MS);
    expect(out.ended).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('closes a stream whose re-check fails (the database did not answer): the console reconnects and is checked anew', async () => {
    vi.useFakeTimers();
    const { hub, out } = open(() => Promise.reject(new Error('数据库暂时不可用')));
    await vi.advanceTimersByTimeAsync(ALERT_STREAM_PING_MS);
    expect(out.written).not.toContain(': ping');
    expect(out.ended).toBe(true);
    expect(hub.size).toBe(0);
  });
});
