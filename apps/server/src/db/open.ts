import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Db } from './db.js';
import { openPglite } from './pglite-db.js';
import { openPostgres } from './postgres-db.js';

/**
 * DATABASE_URL set: a PostgreSQL server; unset: embedded PGlite in
 * DATA_DIR/pglite, locked to this process for as long as it is open.
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl).catch((e: unknown) => {
      throw new ConfigError(`Invalid DATABASE_URL: cannot connect (${(e as Error).message})`);
    });
  }
  await mkdir(opts.dataDir, { recursive: true });
  const release = lockDataDir(opts.dataDir);
  try {
    const dir = join(opts.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    const db = await openPglite(dir);
    return {
      ...db,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
