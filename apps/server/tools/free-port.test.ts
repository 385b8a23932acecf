// scripts/pg-cluster.mjs's freePort, which the test clusters (PostgreSQL, Patroni, etcd, HAProxy) take their ports
// from: every port it answers in one process is a different one.
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/pg-cluster.mjs';

describe('freePort', () => {
  it('never answers the same port twice, though nothing listens on it yet', async () => {
    // 400 draws from its 12,000 ports would repeat one nearly always if each draw forgot the earlier ones.
    const ports: number[] = [];
    for (let i = 0; i < 400; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
