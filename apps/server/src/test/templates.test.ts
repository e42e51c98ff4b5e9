import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_MODULES, createApp, type ModuleName } from '../app.js';
import { loadConfig } from '../config.js';
import type { Queryable } from '../db/db.js';
import { silentLogger } from '../log.js';
import { createTestDb } from './db.js';
import { enginesFor, ONE_ENGINE_FILES, runsOnOneEngine } from './engines.js';
import { migrationsFor } from './templates.js';

/** The migrations a database records (none, not even the table, before the first). */
async function applied(db: Queryable): Promise<string[]> {
  const [row] = await db.query<{ found: string | null }>("select to_regclass('schema_migrations')::text as found");
  if (!row?.found) return [];
  return (await db.query<{ name: string }>('select name from schema_migrations order by name')).map((r) => r.name);
}

// Which folders createApp migrates does not depend on the engine: PostgreSQL checks it quickly.
describe('migrated test databases', () => {
  const sets: ModuleName[][] = [['catalogue'], ['backend'], ['catalogue', 'backend'], ['catalogue', 'backend', 'web'], ['web']];

  it.each(sets.map((only) => [only.join('+'), only] as const))('a copy of the template for %s holds what createApp migrates', async (_, only) => {
    const fresh = await createTestDb('postgres');
    const dataDir = await mkdtemp(join(tmpdir(), 'lyra-test-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off', RATE_LIMITS: 'off' });
      const app = await createApp({ config, db: fresh.db, log: silentLogger, now: Date.now }, only);
      await app.stop();
      const names = await applied(fresh.db);
      expect([...new Set(names.map((n) => n.slice(0, n.lastIndexOf('/'))))].sort()).toEqual([...migrationsFor(only)].sort());

      const copy = await createTestDb('postgres', { migrated: migrationsFor(only) });
      try {
        expect(await applied(copy.db)).toEqual(names);
      } finally {
        await copy.drop();
      }
    } finally {
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a PGlite copy holds the same migrations as a PostgreSQL one', { timeout: 300_000 }, async () => {
    const folders = migrationsFor(ALL_MODULES);
    const pg = await createTestDb('postgres', { migrated: folders });
    const lite = await createTestDb('pglite', { migrated: folders });
    try {
      const names = await applied(pg.db);
      expect(names.length).toBeGreaterThan(20);
      expect(await applied(lite.db)).toEqual(names);
    } finally {
      await lite.drop();
      await pg.drop();
    }
  });
});

describe('engines of a test file', () => {
  it('is both engines unless the file is listed, and both for every file with TEST_ENGINES=all', () => {
    const src = new URL('../', import.meta.url).pathname;
    expect(runsOnOneEngine('http/fuzz.test.ts')).toBe(true);
    expect(runsOnOneEngine('catalogue/scanner/scanner-rescan.test.ts')).toBe(false);
    expect(enginesFor(`${src}db/db.test.ts`)).toEqual(['pglite', 'postgres']);
    expect(enginesFor(`${src}new-feature/new.test.ts`)).toEqual(['pglite', 'postgres']);
    expect(enginesFor(`${src}http/fuzz.test.ts`)).toHaveLength(1);
    expect(enginesFor(undefined)).toEqual(['pglite', 'postgres']);
  });

  it('keeps every test of SQL and engine behaviour on both engines', () => {
    const sqlFolders = ['db/', 'catalogue/store/', 'catalogue/scanner/', 'backend/realtime/', 'backend/schema/', 'video/jobs/claim'];
    for (const entry of ONE_ENGINE_FILES) {
      expect(sqlFolders.filter((folder) => entry.startsWith(folder) || folder.startsWith(entry)), entry).toEqual([]);
      expect(entry, entry).not.toMatch(/migration|-sql\.test\.ts$|\.sql\.test\.ts$|album-lists|api-lists-search|api-browsing|library-access|rooms\.sdk|user-data-(stars|plays)|playlist-description/);
    }
  });
});
