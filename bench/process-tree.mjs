// A server and its workers (WORKERS, issue 36): the processes whose CPU and memory are the server's.
import { readFileSync, readdirSync } from 'node:fs';

/** `pid` and its children (a server's primary and its workers), those alive now. */
export function processTree(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the parenthesised command name: the state, then the parent's pid.
      if (Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid) {
        children.push(Number(entry));
      }
    } catch {
      // Ended while listed.
    }
  }
  return [pid, ...children];
}
