import postgres from 'postgres';
import type { Db } from '../db/db.js';
import { openPglite } from '../db/pglite-db.js';
import { openPostgres } from '../db/postgres-db.js';

/** Backend and catalogue tests run on both engines (PGlite and a real PostgreSQL). */
export const ENGINES = ['pglite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

/** The PostgreSQL server tests use; every test database is created fresh on it and dropped after. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb {
  db: Db;
  /** Connection string of the fresh database (postgres engine only). */
  url?: string;
  drop(): Promise<void>;
}

/** A new empty database on `engine`. PostgreSQL being down is a failure, not a skip. */
export async function createTestDb(engine: Engine): Promise<TestDb> {
  if (engine === 'pglite') {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  const name = `lyra_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = '/' + name;
  const db = await openPostgres(url.toString(), 5);
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
