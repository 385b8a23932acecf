import { startServer } from './server.mjs';
const server = await startServer({ dataDir: process.argv[2], timeoutMs: 600_000 });
console.log('start ms', server.startMs.toFixed(0));
await server.stop();
