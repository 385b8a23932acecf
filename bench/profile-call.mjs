// Where a call's time goes on the server's side of its SQL: runs one benchmarked call's service in-process (as
// bench/measure-calls.mjs captures it) `--times` times on a database, timing the whole call and its SQL alone.
// Run under `node --cpu-prof` to see the rest.
//
//   BENCH_DATABASE_URL=postgres://… node [--cpu-prof] bench/profile-call.mjs --call Dashboard/Summary [--times 50]
import { parseArgs } from 'node:util';
import { benchCalls, inProcess } from './calls.mjs';
import { openDatabase } from './database.mjs';
import { loadServices } from './server-modules.mjs';
import { summarize, timeMs } from './stats.mjs';

const { values: args } = parseArgs({
  options: { call: { type: 'string' }, times: { type: 'string', default: '50' } },
});
const benchCall = benchCalls().find((c) => c.name === args.call);
if (!benchCall)
  throw new Error(
    `--call must be one of ${benchCalls()
      .map((c) => c.name)
      .join(', ')}`,
  );
const db = await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL });
const services = await loadServices();
const { ctx, scope } = await inProcess(services, db.drizzle, 'Asia/Shanghai');
await benchCall.service(services, ctx, scope, 1);
const queries = await db.captured(() => benchCall.service(services, ctx, scope, 1));
const [connection] = db.connections(1);
const whole = [];
const sqlOnly = [];
for (let i = 0; i < Number(args.times); i += 1) {
  whole.push(await timeMs(() => benchCall.service(services, ctx, scope, 1)));
  sqlOnly.push(
    await timeMs(async () => {
      for (const q of queries) await connection.run(q);
    }),
  );
}
const show = (s) => `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;
console.log(`${args.call}: ${queries.length} statements`);
console.log(`  in-process call ${show(summarize(whole))}`);
console.log(`  its SQL replayed ${show(summarize(sqlOnly))}`);
await db.close();
