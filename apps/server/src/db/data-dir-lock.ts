import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config.js';

/** A configuration problem: start-up stops with its one-line message. */
export class DataDirLockedError extends ConfigError {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database may be opened by one process only: a second PGlite on
 * the same folder would corrupt it. Takes DATA_DIR/pglite.lock (holding our
 * pid) or throws DataDirLockedError naming the process that holds it; a lock
 * left by a dead process is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `Invalid DATA_DIR: the embedded database in ${dataDir} is in use by process ${pid}; stop it or set DATABASE_URL`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Invalid DATA_DIR: could not lock ${file}`);
}
