import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db.js';
import { openPglite } from './pglite-db.js';
import { openPostgres } from './postgres-db.js';

/** DATABASE_URL set: a PostgreSQL server; unset: embedded PGlite in DATA_DIR/pglite. */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}
