import { readFileSync } from 'node:fs';

/**
 * Whether a process is alive, as a lock owner: a zombie (killed, not yet
 * reaped by its parent: for about a second after `kill -9` under a
 * supervisor) is dead, and so is a pid now worn by another process (its
 * start time differs from the one recorded with the lock). Linux reads
 * /proc/<pid>/stat; elsewhere only `kill(pid, 0)` can tell.
 */
export function processAlive(pid: number, startTime?: string | null): boolean {
  const stat = procStat(pid);
  if (stat === undefined) return signalable(pid);
  if (stat === null) return false;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return !startTime || startTime === stat.startTime;
}

/** This process's start time (clock ticks after boot), recorded with a lock; null off Linux. */
export function ownStartTime(): string | null {
  return procStat(process.pid)?.startTime ?? null;
}

/** undefined: no /proc here; null: no such process. */
function procStat(pid: number): { state: string; startTime: string } | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ESRCH') return undefined;
    try {
      readFileSync('/proc/self/stat');
    } catch {
      return undefined;
    }
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After comm: field 3 (state) is fields[0]; field 22 (starttime) is fields[19].
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
