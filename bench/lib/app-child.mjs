// The built server's app in a child process the benchmark forks (bench/catalogue-streaming.mjs,
// bench/video.mjs): PGlite in the given DATA_DIR, songs inserted as the scanner would (the scanner
// is not started), listening on a free port. The parent gets `{ port }` once it listens; 'stop'
// closes everything and exits.
import { once } from 'node:events';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { loadServer } from './server-dist.mjs';

/**
 * `env`: the settings (DATA_DIR and MUSIC_DIR at least; the scan watcher and the video worker are
 * off unless set). `modules`: createApp's list (all when omitted). `tracks`: the rows to insert,
 * `{ id, path, fingerprint, title, normTitle, durationS, codec, bitrateKbps }` (fingerprint and the
 * titles default to the id; size and mtime are read from the file in MUSIC_DIR). `onMessage(m, app)`
 * handles the parent's other messages.
 */
export async function serveApp({ env, modules, tracks, keepAliveTimeout, onMessage = () => {} }) {
  const { createApp } = await loadServer('app.js');
  const { loadConfig } = await loadServer('config.js');
  const { openDatabase } = await loadServer('db/open.js');
  const { silentLogger } = await loadServer('log.js');
  const config = loadConfig({ SCAN_WATCH: 'off', VIDEO_WORKER: 'off', ...env });
  const db = await openDatabase({ dataDir: env.DATA_DIR });
  const app = await createApp({ config, db, log: silentLogger, now: Date.now }, modules);
  for (const t of tracks) {
    const file = statSync(join(env.MUSIC_DIR, t.path));
    await db.query(
      `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, duration_s, codec, bitrate_kbps)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [t.id, t.path, file.size, Math.floor(file.mtimeMs), t.fingerprint ?? t.id, t.title ?? t.id, t.normTitle ?? t.id, t.durationS, t.codec, t.bitrateKbps],
    );
  }
  const server = app.createServer();
  if (keepAliveTimeout) server.keepAliveTimeout = keepAliveTimeout;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.send({ port: server.address().port });
  process.on('message', async (m) => {
    if (m !== 'stop') return onMessage(m, app);
    server.closeAllConnections();
    server.close();
    await app.stop();
    await db.close();
    process.exit(0);
  });
}
