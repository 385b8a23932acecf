import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startCluster } from '../../../../scripts/pg-cluster.mjs';
import { storedPunches, storedPunchesEmbedded } from './punch-table.js';
import { ServerProcess } from './server-process.js';

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * One installation as production runs it: a PostgreSQL cluster of its own (or, `embedded`, PGlite in the data
 * folder, as `npm start` runs), a data folder, an upload key, and as many server processes on them as a test
 * starts. `dispose` stops every process and removes everything.
 */
export class Installation {
  readonly deviceKey = randomBytes(24).toString('hex');
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-heavy-data-'));
  private readonly servers: ServerProcess[] = [];

  private constructor(readonly cluster: Cluster | null) {}

  /** `durable`: PostgreSQL with `fsync`, `synchronous_commit` and `full_page_writes` on (R7, R8); else the fast mode. */
  static async create(options: { durable?: boolean } = {}): Promise<Installation> {
    return new Installation(await startCluster(options));
  }

  /** The embedded database: one server process at a time on the data folder. */
  static embedded(): Installation {
    return new Installation(null);
  }

  /** The PostgreSQL cluster (stopped and started by the outage tests); an embedded installation has none. */
  get postgres(): Cluster {
    if (!this.cluster) throw new Error('an embedded installation has no PostgreSQL');
    return this.cluster;
  }

  get databaseUrl(): string {
    return this.postgres.url;
  }

  /** The punch table's copies of each record of these terminals, read outside the servers (embedded: none runs). */
  storedPunches(deviceNos: string[]): Promise<Map<string, number>> {
    return this.cluster
      ? storedPunches(this.cluster.url, deviceNos)
      : storedPunchesEmbedded(path.join(this.dataDir, 'db'), deviceNos);
  }

  /** Starts one more server on this database and data folder, on a free port unless `port` is given. */
  async startServer(port?: number, env?: Record<string, string>): Promise<ServerProcess> {
    const server = await ServerProcess.start({
      ...(this.cluster ? { databaseUrl: this.cluster.url } : {}),
      dataDir: this.dataDir,
      port: port ?? (await freePort()),
      deviceKey: this.deviceKey,
      env,
    });
    this.servers.push(server);
    return server;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.servers.map((s) => s.stop()));
    try {
      this.cluster?.stop();
    } finally {
      rmSync(this.dataDir, { recursive: true, force: true });
    }
  }
}

export { freePort };
