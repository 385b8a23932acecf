// Where a load's CPU went, per request: the server's processes (user and system time, all their threads), PostgreSQL (all
// its processes), this benchmark process and its children that ended (the load generator, wrk, or the raw side's
// driver), what the machine left idle, the time the hypervisor gave the virtual CPUs to others (steal), and the
// kernel's interrupts (loopback's packets are delivered in softirq), read from /proc before and after. Interrupts are
// not added to the others: this kernel's tick accounting (no IRQ_TIME_ACCOUNTING) counts an interrupt's time also as
// system time of the process it interrupted. On a machine whose two cores the server, PostgreSQL and the load generator
// share, a ratio of requests a second is a ratio of CPU a request, and this says whose.
import { readFileSync, readdirSync } from 'node:fs';
import { processTree } from './process-tree.mjs';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICK_MS = 10;

/** The fields of /proc/<pid>/stat after the command's name (state first), or null when the process is gone. */
function statFields(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** `{ user, system }` milliseconds of CPU a process has used, all threads. */
function processMs(pid) {
  const fields = statFields(pid);
  return fields ? { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS } : { user: 0, system: 0 };
}

/**
 * Milliseconds of CPU used by every process named postgres, and by those that have ended: a backend's time moves to
 * the postmaster's children's time when it exits (a connection closed during the load would drop out otherwise).
 */
function postgresMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let name;
    try {
      name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const fields = name === 'postgres' ? statFields(entry) : null;
    if (fields) total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
  }
  return total;
}

/**
 * Milliseconds of all the machine's CPUs together (/proc/stat's first line): idle, in interrupts (hard and soft) and
 * stolen by the hypervisor.
 */
function machineMs() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return { idle: fields[4] * TICK_MS, interrupts: (fields[6] + fields[7]) * TICK_MS, stolen: fields[8] * TICK_MS };
}

/** The server's processes together: one, or a primary and its workers (WORKERS). */
function serverMs(serverPid) {
  const total = { user: 0, system: 0 };
  for (const pid of serverPid ? processTree(serverPid) : []) {
    const { user, system } = processMs(pid);
    total.user += user;
    total.system += system;
  }
  return total;
}

/** Milliseconds of CPU of this process's children that have ended: the load generator (wrk) of a load that ran. */
function endedChildrenMs() {
  const fields = statFields('self');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

function snapshot(serverPid) {
  const own = process.cpuUsage();
  return {
    server: serverMs(serverPid),
    postgres: postgresMs(),
    bench: (own.user + own.system) / 1000 + endedChildrenMs(),
    ...machineMs(),
  };
}

/**
 * Runs `work` (a load that answers `{ total }`, its requests) and answers its result with `cpu`: milliseconds of CPU
 * a request of the server (`serverPid`; none for the raw side), PostgreSQL, this process, the idle machine, interrupts
 * and the hypervisor's steal.
 */
export async function withCpuAccounting(serverPid, work) {
  const before = snapshot(serverPid);
  const result = await work();
  const after = snapshot(serverPid);
  const perRequest = (ms) => ms / result.total;
  return {
    ...result,
    cpu: {
      serverUser: perRequest(after.server.user - before.server.user),
      serverSystem: perRequest(after.server.system - before.server.system),
      postgres: perRequest(after.postgres - before.postgres),
      bench: perRequest(after.bench - before.bench),
      idle: perRequest(after.idle - before.idle),
      interrupts: perRequest(after.interrupts - before.interrupts),
      stolen: perRequest(after.stolen - before.stolen),
    },
  };
}

/**
 * One line: `server 0.25 + 0.21 sys, PostgreSQL 0.78, this process 0.11, idle 0.22, interrupts 0.03, stolen 0.01 ms
 * of CPU a request` (the interrupts also inside the others: above).
 */
export function cpuLine({ cpu }) {
  const ms = (value) => value.toFixed(2);
  const server =
    cpu.serverUser + cpu.serverSystem > 0 ? `server ${ms(cpu.serverUser)} + ${ms(cpu.serverSystem)} sys, ` : '';
  return `${server}PostgreSQL ${ms(cpu.postgres)}, this process ${ms(cpu.bench)}, idle ${ms(cpu.idle)}, interrupts ${ms(cpu.interrupts)}, stolen ${ms(cpu.stolen)} ms of CPU a request`;
}
