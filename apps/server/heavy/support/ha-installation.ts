import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHaCluster } from '../../../../scripts/ha-cluster.mjs';
import { freePort } from './installation.js';
import { ServerProcess } from './server-process.js';

export type HaCluster = Awaited<ReturnType<typeof startHaCluster>>;

/**
 * An installation on the high-availability stack (R11): etcd, Patroni nodes and HAProxy from
 * scripts/ha-cluster.mjs; the servers' DATABASE_URL names HAProxy's leader port and DATABASE_READ_URL its
 * replica port, as in production. `dispose` stops every server and the whole stack and removes everything.
 */
export class HaInstallation {
  readonly deviceKey = randomBytes(24).toString('hex');
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-heavy-data-'));
  private readonly servers: ServerProcess[] = [];

  private constructor(readonly cluster: HaCluster) {}

  static async create(nodes = 3): Promise<HaInstallation> {
    return new HaInstallation(await startHaCluster({ nodes }));
  }

  /** The leader through HAProxy, for the servers and for the audit outside them. */
  get databaseUrl(): string {
    return this.cluster.url;
  }

  async startServer(env?: Record<string, string>): Promise<ServerProcess> {
    const server = await ServerProcess.start({
      databaseUrl: this.cluster.url,
      dataDir: this.dataDir,
      port: await freePort(),
      deviceKey: this.deviceKey,
      env: { DATABASE_READ_URL: this.cluster.readUrl, ...env },
    });
    this.servers.push(server);
    return server;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.servers.map((s) => s.stop()));
    try {
      await this.cluster.stop();
    } finally {
      rmSync(this.dataDir, { recursive: true, force: true });
    }
  }
}
