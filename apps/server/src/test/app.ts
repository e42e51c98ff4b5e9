import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_MODULES, createApp, type App, type ModuleName } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { silentLogger } from '../log.js';
import { createTestDb, type Engine, type TestDb } from './db.js';
import { migrationsFor } from './templates.js';

export interface TestApp {
  app: App;
  config: Config;
  testDb: TestDb;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The app's clock (`Deps.now`), e.g. a `createTestClock()`; default the real one. */
  now?: () => number;
}

/**
 * The real app on a fresh database of `engine` (a copy of the run's migrated template), with a temporary DATA_DIR.
 * Work a test asks for by name only: no folder watcher, video worker or rate limits, and no loudness
 * pass (LOUDNESS_SCAN=off): it runs ffmpeg over every song of a scanned library in the background, which
 * no test but catalogue/loudness/ reads and which took the CPU from the test that was running. A file
 * that wants any of them back says so in `env` (e.g. `{ LOUDNESS_SCAN: 'on' }`).
 */
export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  only?: readonly ModuleName[],
  { now = Date.now }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lyra-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off', RATE_LIMITS: 'off', LOUDNESS_SCAN: 'off', ...env });
  const testDb = await createTestDb(engine, { migrated: migrationsFor(only ?? ALL_MODULES) });
  const app = await createApp({ config, db: testDb.db, log: silentLogger, now }, only);
  return {
    app,
    config,
    testDb,
    dataDir,
    async close() {
      await app.stop();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
