// CPU time of processes, read from /proc (Linux): what a server spent, beside what it served.
import { readFileSync } from 'node:fs';

/** user + system CPU seconds of the given processes, from /proc. */
export function cpuSeconds(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone
    }
  }
  return total;
}

/** The workers of a master process (nginx), or the master itself when /proc does not say. */
export function workerPids(masterPid) {
  try {
    return readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  } catch {
    return [masterPid];
  }
}
