import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config.js';
import { ownStartTime, processAlive } from './process-alive.js';

/** A configuration problem: start-up stops with its one-line message. */
export class DataDirLockedError extends ConfigError {}

/**
 * The embedded database may be opened by one process only: a second PGlite on
 * the same folder would corrupt it. Takes DATA_DIR/pglite.lock (holding our
 * pid and start time) or throws DataDirLockedError naming the process that
 * holds it; a lock left by a dead process (gone, a zombie after `kill -9`, or
 * its pid since reused) is taken over, so a restart right after a crash
 * starts. Returns the release function. With DATABASE_URL nothing is locked:
 * several instances on one PostgreSQL share one DATA_DIR (README: several
 * instances behind nginx).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      const started = ownStartTime();
      writeSync(fd, started ? `${process.pid} ${started}` : String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(/\s+/);
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid, startTime)) {
        throw new DataDirLockedError(
          `Invalid DATA_DIR: the embedded database in ${dataDir} is in use by process ${pid}; stop it or set DATABASE_URL`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Invalid DATA_DIR: could not lock ${file}`);
}
