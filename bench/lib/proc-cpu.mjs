// CPU time of processes and their child processes, read from /proc (Linux): what a server spent, beside what it served.
import { readFileSync, readdirSync } from 'node:fs';

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

/** The pids of `pid`'s child processes (ffmpeg, the image process, nginx's workers), from each of its threads. */
export function childPids(pid) {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
}

/** The workers of a master process (nginx), or the master itself when /proc does not say. */
export function workerPids(masterPid) {
  try {
    return childPids(masterPid);
  } catch {
    return [masterPid];
  }
}
