import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { migrate } from '../db/migrate.js';
import { openPglite, type PgliteDb } from '../db/pglite-db.js';
import { openPostgres } from '../db/postgres-db.js';

/**
 * Migrated template databases. Every server test starts from a database its modules' migrations have
 * already run on: the first test file of a run that needs a given set of migrations runs them once per
 * engine (a `lyra_tpl_*` database on PostgreSQL, a dumped data folder for PGlite), and every test
 * database after that is a copy (`create database ... template`, or PGlite loading the dump).
 * global-setup.ts names this run's templates and removes them when the run ends.
 */

/** What global-setup.ts hands the test files: where this run keeps its templates. */
export interface TemplatePlace {
  /** Folder for PGlite's dumped data folders. */
  dir: string;
  /** Name prefix of this run's template databases on the test PostgreSQL server. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    lyraDbTemplates: TemplatePlace;
  }
}

/**
 * The migration folders createApp runs for the modules `only` (app.ts and each module's create): the
 * catalogue's, the backend's, and with both of them Subsonic's and video's. A test checks this against
 * createApp. (Module names as plain strings: the end-to-end tests read this folder without the app.)
 */
export function migrationsFor(only: readonly string[]): string[] {
  const catalogue = only.includes('catalogue');
  const backend = only.includes('backend');
  return [
    ...(catalogue ? ['catalogue'] : []),
    ...(backend ? ['backend'] : []),
    ...(catalogue && backend ? ['subsonic', 'subsonic/catalogue', 'video'] : []),
  ];
}

/**
 * This run's template place; undefined outside a run with global-setup.ts and with TEST_DB_TEMPLATES=off
 * (then each test database runs its migrations itself).
 */
export function templatePlace(): TemplatePlace | undefined {
  if (process.env.TEST_DB_TEMPLATES === 'off') return undefined;
  try {
    return inject('lyraDbTemplates');
  } catch {
    return undefined;
  }
}

const keyOf = (folders: readonly string[]) => createHash('sha1').update(folders.join('\n')).digest('hex').slice(0, 10);

/**
 * The PostgreSQL template database with `folders` migrated, built by the first caller of the run
 * (under an advisory lock, so concurrent test files wait for one build instead of racing).
 */
export async function postgresTemplate(serverUrl: string, place: TemplatePlace, folders: readonly string[]): Promise<string> {
  const name = `${place.prefix}${keyOf(folders)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(hashtext(${name}))`;
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found) {
      // Built under another name and renamed when complete: a failed build never passes for a template.
      const building = `${name}_b`;
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
      await admin.unsafe(`create database "${building}"`);
      const url = new URL(serverUrl);
      url.pathname = '/' + building;
      const db = await openPostgres(url.toString(), 1);
      try {
        for (const folder of folders) await migrate(db, folder);
      } finally {
        await db.close();
      }
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    }
    await admin`select pg_advisory_unlock(hashtext(${name}))`;
  } finally {
    await admin.end();
  }
  return name;
}

/** Dumps (the bytes of their tars) already read or made in this test process. */
const dumps: Map<string, Promise<Uint8Array>> = ((globalThis as { lyraPgliteDumps?: Map<string, Promise<Uint8Array>> }).lyraPgliteDumps ??= new Map());

/**
 * A new PGlite database with `folders` migrated: loaded from this run's dump of them, or, for the first
 * file that needs it, migrated and then dumped for the others (the file goes on with the database it
 * migrated). The dump is renamed into place when complete; a second worker building it at the same
 * moment only repeats work.
 */
export async function pgliteFromTemplate(place: TemplatePlace, folders: readonly string[]): Promise<PgliteDb> {
  const file = join(place.dir, `${keyOf(folders)}.tar`);
  const known = dumps.get(file) ?? (await readDump(file));
  if (known) {
    dumps.set(file, Promise.resolve(known));
    return openPglite(undefined, await known);
  }
  const db = await openPglite();
  try {
    for (const folder of folders) await migrate(db, folder);
    const dump = db.dump().then(async (blob) => new Uint8Array(await blob.arrayBuffer()));
    dumps.set(file, dump);
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, await dump);
    await rename(partial, file).catch(async (e: unknown) => {
      await rm(partial, { force: true });
      throw e;
    });
    return db;
  } catch (e) {
    dumps.delete(file);
    await db.close();
    throw e;
  }
}

async function readDump(file: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}
