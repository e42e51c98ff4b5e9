import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { TEST_DATABASE_URL } from './database-url.js';
import type { TemplatePlace } from './templates.js';
import { bundleWorkers, workerBundlesDir } from './worker-bundles.js';

/**
 * The server tier's run-wide set-up: a place for this run's migrated templates (templates.ts), which
 * the first test file needing one builds, the server's worker threads bundled (worker-bundles.ts), and
 * their removal when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'lyra-db-templates-'));
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const place: TemplatePlace = { dir, prefix: `lyra_tpl_${run}_` };
  project.provide('lyraDbTemplates', place);
  const bundles = workerBundlesDir(run);
  await bundleWorkers(bundles);
  // The test processes start after this and inherit it (start-worker.ts reads it).
  process.env.LYRA_WORKER_BUNDLES = bundles;
  return async () => {
    delete process.env.LYRA_WORKER_BUNDLES;
    await rm(bundles, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
    const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      const rows = await admin<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${place.prefix})`;
      for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } catch {
      // PostgreSQL gone at the end of the run: the test files have already said so.
    } finally {
      await admin.end();
    }
  };
}
