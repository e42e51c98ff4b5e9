// A generated catalogue (bench/lib/generated-library.mjs) on PGlite in a temporary folder, served by the
// built server's app (catalogue, backend and web) in this process, for the benches that drive Library in
// Chromium. The app is not started: no scan runs, so the generated songs (whose files do not exist) stay listed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from './generated-library.mjs';
import { loadServer } from './server-dist.mjs';

const { createApp } = await loadServer('app.js');
const { loadConfig } = await loadServer('config.js');
const { openPglite } = await loadServer('db/pglite-db.js');
const { migrate } = await loadServer('db/migrate.js');
const { silentLogger } = await loadServer('log.js');

/**
 * Generates `tracks` songs on `tracks / 10` albums. `serve(env)` serves them on a loopback port (env adds to the
 * configuration, e.g. WEB_DIR for another build of the web app) and answers its address; `close()` stops every
 * server and removes the folders.
 */
export async function openGeneratedLibrary(tracks) {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'lyra-bench-library-db-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-library-'));
  const db = await openPglite(pgliteDir);
  const servers = [];
  const close = async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    await db.close();
    for (const d of [pgliteDir, dataDir]) rmSync(d, { recursive: true, force: true });
  };
  try {
    await migrate(db, 'catalogue');
    console.log(`generating ${tracks} songs on ${Math.round(tracks / 10)} albums...`);
    const genMs = await generate(db, tracks);
    return {
      db,
      genMs,
      async serve(env = {}) {
        const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off', LOUDNESS_SCAN: 'off', ...env });
        const app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue', 'backend', 'web']);
        const server = app.createServer();
        servers.push(server);
        await new Promise((r) => server.listen(0, '127.0.0.1', r));
        return `http://127.0.0.1:${server.address().port}`;
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
