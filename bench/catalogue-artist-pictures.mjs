#!/usr/bin/env node
// The first visit to Library's Artists on a library whose artists have no album covers of their own:
// the time from asking for the list's first page to the last of its first 30 pictures (150 px), six
// at a time as a browser loads them, on a cold image cache. Measured twice in each round, in the same
// run on the same server: as the reference, with every picture drawn on its request (what a server
// did before drawing them ahead); then after the background pass has drawn them (passes/
// artist-pictures-pass.ts, run to its end first, its own time printed). Prints both and their ratio.
// Nothing is asserted.
//
//   node bench/catalogue-artist-pictures.mjs [artists]     (needs `npm run build`)
//   BENCH_ROUNDS=3
//
// Each measurement renames the artists (a picture's address names the artist's name), so no
// measurement finds the pictures of another on disk or in the server's open-file cache.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServer } from './lib/server-dist.mjs';

const { createApp } = await loadServer('app.js');
const { loadConfig } = await loadServer('config.js');
const { openDatabase } = await loadServer('db/open.js');
const { silentLogger } = await loadServer('log.js');
const { createImageStore } = await loadServer('catalogue/media/image-store.js');
const { createOpenFileCache } = await loadServer('catalogue/media/open-file-cache.js');
const { artistPicturesPass } = await loadServer('catalogue/passes/artist-pictures-pass.js');

const ARTISTS = Number(process.argv[2] ?? 120);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIRST_SCREEN = 30;
const BROWSER_CONNECTIONS = 6;
const FIRST = ['Mira', 'Lena', 'Teo', 'Ana', 'Zoë', 'Kai', 'Ines', 'Oskar', 'Yuki', 'Ravi', 'Noor', 'Elif'];
const LAST = ['Solen', 'Park', 'Vance', 'Bell', 'Quinn', 'Moss', 'Ortega', 'Lind', 'Sato', 'Mehta', 'Haddad', 'Kaya'];

const work = mkdtempSync(join(tmpdir(), 'lyra-bench-artist-pictures-'));
const dataDir = join(work, 'data');
const musicDir = join(work, 'music');
const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off' });
const db = await openDatabase({ dataDir });
// Not started: no scan and no background pass; this script runs the pass itself.
const app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue']);

const baseName = (i) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${String(i).padStart(3, '0')}`;
for (let i = 0; i < ARTISTS; i++) {
  const [artist, album, track] = [`bar${i}`, `bal${i}`, `btr${i}`];
  await db.query(`insert into artists (id, name, norm_name) values ($1, $2, lower(unaccent($2)))`, [artist, baseName(i)]);
  await db.query(`insert into albums (id, name, norm_name, album_artist_id) values ($1, $2, lower($2), $3)`, [album, `Album ${i}`, artist]);
  await db.query(
    `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, album_id, duration_s, codec, bitrate_kbps)
     values ($1, $2, 1000, 0, $1, $3, lower($3), $4, 180, 'vorbis', 128)`,
    [track, `bench/${track}.ogg`, `Song ${i}`, album],
  );
  await db.query(`insert into track_artists (track_id, artist_id, role, position) values ($1, $2, 'primary', 0)`, [track, artist]);
}
await db.query('update albums set song_count = 1');

const server = app.createServer().listen(0, '127.0.0.1');
await once(server, 'listening');
const origin = `http://127.0.0.1:${server.address().port}`;

/** Renames every artist (new picture addresses: a cold cache for them). */
const rename = (tag) => db.query(`update artists set name = name_base || ' ' || $1, norm_name = lower(unaccent(name_base || ' ' || $1)) from (select id as bid, regexp_replace(name, ' [a-z0-9]+$', '') as name_base from artists) b where b.bid = artists.id`, [tag]);
await db.query(`update artists set name = name || ' r0', norm_name = norm_name || ' r0'`);

/** The list's first page, then its first 30 pictures six at a time; ms from the list's request to the last picture. */
async function firstScreen() {
  const start = performance.now();
  const list = await (await fetch(`${origin}/api/library/artists?sort=name&limit=${FIRST_SCREEN}`)).json();
  const urls = list.data.results.slice(0, FIRST_SCREEN).map((a) => new URL(a.image[1].url).pathname);
  if (urls.length < FIRST_SCREEN || urls.some((u) => !u.includes('/images/ga1-'))) throw new Error(`expected ${FIRST_SCREEN} generated pictures, got ${urls.join(' ')}`);
  let next = 0;
  await Promise.all(
    Array.from({ length: BROWSER_CONNECTIONS }, async () => {
      while (next < urls.length) {
        const res = await fetch(origin + urls[next++]);
        if (res.status !== 200) throw new Error(`picture ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  return performance.now() - start;
}

/** The background pass, as the server runs it after a scan: one round, to its end. */
async function drawAhead() {
  const images = createImageStore({ db, log: silentLogger, coversDir: join(dataDir, 'covers'), cacheDir: join(dataDir, 'cache', 'images'), files: createOpenFileCache(Date.now) });
  const pass = artistPicturesPass({ db, log: silentLogger, images });
  const signal = new AbortController().signal;
  const start = performance.now();
  let drawn = 0;
  for (let n = await pass.batch(signal); n > 0; n = await pass.batch(signal)) drawn += n;
  await pass.finish(signal);
  return { ms: performance.now() - start, drawn };
}

const fmt = (ms) => `${ms.toFixed(0)} ms`;
console.log(`${ARTISTS} artists without album covers; first ${FIRST_SCREEN} pictures of Library's Artists, ${BROWSER_CONNECTIONS} at a time, cold cache`);
// A warm-up (JIT, sharp's first load, the fonts), not counted.
await rename('w');
await firstScreen();
const ratios = [];
for (let round = 1; round <= ROUNDS; round++) {
  await rename(`a${round}`);
  const reference = await firstScreen();
  await rename(`b${round}`);
  const pass = await drawAhead();
  const ahead = await firstScreen();
  ratios.push(ahead / reference);
  console.log(
    `round ${round}: drawn on request (reference) ${fmt(reference)} | drawn ahead ${fmt(ahead)} | ratio ${(ahead / reference).toFixed(3)}x` +
      ` | background pass drew ${pass.drawn} in ${fmt(pass.ms)}`,
  );
}
ratios.sort((a, b) => a - b);
console.log(`median ratio (drawn ahead / drawn on request): ${ratios[Math.floor(ratios.length / 2)].toFixed(3)}x`);

server.closeAllConnections();
server.close();
await app.stop();
await db.close();
rmSync(work, { recursive: true, force: true });
