import postgres from 'postgres';
import type { Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite-db.js';
import { openPostgres } from '../db/postgres-db.js';
import { TEST_DATABASE_URL } from './database-url.js';
import { enginesFor, type Engine } from './engines.js';
import { pgliteFromTemplate, postgresTemplate, templatePlace } from './templates.js';

export { TEST_DATABASE_URL } from './database-url.js';
export { ALL_ENGINES, type Engine } from './engines.js';

/**
 * The engines the current test file runs on: both (PGlite and a real PostgreSQL) unless engines.ts
 * lists the file as one whose SQL is covered elsewhere; TEST_ENGINES=all runs every file on both.
 */
export const ENGINES = enginesFor();


export interface TestDb {
  db: Db;
  /** Connection string of the fresh database (postgres engine only). */
  url?: string;
  drop(): Promise<void>;
}

export interface TestDbOptions {
  /**
   * Migration folders (`catalogue`, `backend`, `subsonic`, ...) already run on the new database, in
   * this order; it is a copy of this run's template for them (templates.ts). Default none: empty.
   */
  migrated?: readonly string[];
}

/** A new database on `engine`, empty or `migrated`. PostgreSQL being down is a failure, not a skip. */
export async function createTestDb(engine: Engine, { migrated = [] }: TestDbOptions = {}): Promise<TestDb> {
  const place = migrated.length > 0 ? templatePlace() : undefined;
  if (engine === 'pglite') {
    const db = place ? await pgliteFromTemplate(place, migrated) : await openPglite();
    if (!place) for (const folder of migrated) await migrate(db, folder);
    return { db, drop: () => db.close() };
  }
  const template = place ? await postgresTemplate(TEST_DATABASE_URL, place, migrated) : undefined;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  const name = `lyra_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = '/' + name;
  const db = await openPostgres(url.toString(), 5);
  if (!template) for (const folder of migrated) await migrate(db, folder);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
