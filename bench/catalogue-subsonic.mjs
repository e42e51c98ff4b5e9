#!/usr/bin/env node
// The Subsonic API (/rest) on a synthetic catalogue of 100,000 tracks (bench/lib/
// generated-library.mjs, as catalogue-search.mjs), on PGlite and on PostgreSQL, through the
// real app in process, each figure beside the catalogue's own route measured in
// the same run on the same database:
//   - search3 (songCount 20, the other counts at their default 20) against
//     GET /api/search/songs?limit=20 for the same queries;
//   - getAlbumList2 of every type, size=500 (the albums' first scans spread over a
//     year, a quarter of them played, the account's own ratings and stars on 600
//     and 300 albums);
//   - stream's time to first byte (maxBitRate=320) against /media's for the same
//     song: a cached tier, and a first play (live transcode, a new song each time).
// Requests authenticate as Subsonic apps usually do (u, t = md5(password + s), s).
// Times run to the last byte of the answer (its parsing on the client is left out).
// Album lists are timed twice: as apps paging through them meet them (from the album
// shelf in memory, src/subsonic/album-shelf.ts), and right after a change to the
// catalogue (the sequence the shelf checks moved on before each request), when the
// lists' own queries answer; the time the shelf takes to be read is printed too.
// PGlite keeps its data folder on disk, as the server does.
// Goal: search3 and getAlbumList2 size=500 p95 <= 20 ms. Nothing is asserted.
//
//   node bench/catalogue-subsonic.mjs [tracks]      (needs `npm run build`, ffmpeg)
//   BENCH_DATABASE_URL, BENCH_ENGINES, BENCH_KEEP, BENCH_PGLITE_DIR as for catalogue-search.mjs;
//   BENCH_STREAM=off leaves out the stream figures
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { generate, percentile, queries, time } from './lib/generated-library.mjs';
import { loadServer } from './lib/server-dist.mjs';

const load = loadServer;
const { createApp } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openPglite } = await load('db/pglite-db.js');
const { openPostgres } = await load('db/postgres-db.js');
const { migrate } = await load('db/migrate.js');
const { silentLogger } = await load('log.js');
const { usersStore } = await load('backend/accounts/users.store.js');
const { hashPassword } = await load('backend/auth/password.js');
const { issueCredentials } = await load('subsonic/credentials.js');
const { loadOrCreateKey, secretBox } = await load('subsonic/secret-box.js');
const { selectShelfRows } = await load('subsonic/library-albums.sql.js');

const TRACKS = Number(process.argv[2] ?? 100_000);
const REPS = 30;
const STREAM_REPS = 20;
const FIRST_PLAYS = 4;
const DB_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const SONG = fileURLToPath(new URL('../data/demo-music/wesnoth-1.16-music/loyalists.ogg', import.meta.url));
const EMAIL = 'bench@example.org';

const fmt = (ms) => ms.toFixed(2).padStart(7);
const stats = (xs) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });
const line = (label, s, ref, refLabel) =>
  console.log(
    `  ${label.padEnd(42)} p50 ${fmt(s.p50)} ms  p95 ${fmt(s.p95)} ms` +
      (ref ? `   (${refLabel} x${(s.p50 / ref.p50).toFixed(2)} p50, x${(s.p95 / ref.p95).toFixed(2)} p95)` : ''),
  );

/** Milliseconds until the first chunk of the body; the rest is read too (a first play's transcode finishes before the next). */
async function firstByte(app, path) {
  const t0 = performance.now();
  const res = await app.request(path);
  if (res.status !== 200 && res.status !== 206) throw new Error(`${path}: HTTP ${res.status}`);
  const reader = res.body.getReader();
  const first = await reader.read();
  const ms = performance.now() - t0;
  if (first.done) throw new Error(`${path}: empty body`);
  if ((res.headers.get('content-type') ?? '').includes('json')) throw new Error(`${path}: ${new TextDecoder().decode(first.value)}`);
  while (!(await reader.read()).done);
  return ms;
}

async function run(engine, musicDir) {
  let db;
  let drop = async () => {};
  if (engine === 'pglite') {
    // On disk, as the server keeps it: BENCH_PGLITE_DIR keeps it for the next run.
    const dir = process.env.BENCH_PGLITE_DIR ?? mkdtempSync(join(tmpdir(), 'lyra-bench-pglite-'));
    db = await openPglite(dir);
    if (!process.env.BENCH_PGLITE_DIR) drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
    const name = `lyra_bench_subsonic_${process.pid}`;
    await admin.unsafe(`drop database if exists "${name}"`);
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(DB_URL);
    url.pathname = '/' + name;
    db = await openPostgres(url.toString(), 4);
    drop = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-'));
  try {
    await migrate(db, 'catalogue');
    const [{ have }] = await db.query(`select count(*)::int as have from tracks where id like 't%'`);
    let genMs = 0;
    if (have !== TRACKS) {
      console.log(`\n${engine}: generating ${TRACKS} tracks...`);
      if (have > 0) await db.exec('truncate tracks, albums, artists, catalogue_words cascade');
      genMs = await generate(db, TRACKS);
    }
    // What a year of scans and plays leaves on the albums (first scan, plays, latest play).
    await db.exec(`
      update albums al set first_seen_at = now() - (abs(hashint4(s.n * 29)) % 525600) * interval '1 minute',
                           play_count = s.plays,
                           last_played_at = case when s.n % 4 = 0 then now() - (abs(hashint4(s.n * 31)) % 525600) * interval '1 minute' end
        from (select album_id, substr(album_id, 3)::int as n, sum(play_count)::int as plays
                from tracks where album_id like 'al%' group by album_id) s
       where s.album_id = al.id`);
    await db.exec('vacuum analyze albums');
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off' });
    const app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue', 'backend']);
    const [{ n }] = await db.query('select count(*)::int as n from tracks');
    console.log(`${engine}: ${n} tracks, generated in ${(genMs / 1000).toFixed(1)} s`);

    // One account and its app password, as `npm run admin -- subsonic credentials` makes them.
    await db.query('delete from users where email = $1', [EMAIL]);
    await usersStore(db).insert({ id: 'u-bench', email: EMAIL, name: 'Bench', passwordHash: await hashPassword('bench password'), emailVerification: true, at: new Date() });
    const box = secretBox(await loadOrCreateKey(dataDir));
    const { password } = await issueCredentials(db, box, EMAIL, { rotate: false, now: new Date() });
    await db.exec(`
      insert into subsonic_ratings (user_id, kind, item_id, rating, updated_at)
      select 'u-bench', 'album', 'al' || i, 1 + abs(hashint4(i * 37)) % 5, now() - i * interval '1 minute'
        from generate_series(1, least(600, ${Math.max(1, Math.round(TRACKS / 10))})) i;
      insert into subsonic_stars (user_id, kind, item_id)
      select 'u-bench', 'album', 'al' || (1 + (i * 7) % ${Math.max(1, Math.round(TRACKS / 10))})
        from generate_series(1, 300) i on conflict do nothing;
      analyze subsonic_ratings; analyze subsonic_stars;`);
    const salt = 'b3nch5alt';
    const auth = new URLSearchParams({ u: EMAIL, t: createHash('md5').update(password + salt).digest('hex'), s: salt, c: 'bench', v: '1.16.1', f: 'json' });
    const rest = (method, params) => `/rest/${method}?${auth}&${new URLSearchParams(params)}`;
    const restJson = async (path) => {
      const body = (await (await app.request(path)).json())['subsonic-response'];
      if (body.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(body.error)}`);
      return body;
    };
    // Milliseconds to the last byte of the answer, as a client waits for it; the body is then
    // parsed and checked outside the timing (the client's own parsing is not the server's).
    const toLastByte = async (path, check) => {
      const t0 = performance.now();
      const text = await (await app.request(path)).text();
      const ms = performance.now() - t0;
      check(JSON.parse(text));
      return ms;
    };
    const restOk = (path) => (json) => {
      const body = json['subsonic-response'];
      if (body.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(body.error)}`);
    };
    const apiOk = (path) => (json) => {
      if (!json.success) throw new Error(`${path}: ${JSON.stringify(json)}`);
    };
    const timed = async (path, check, reps) => {
      const out = [];
      for (let r = 0; r < reps; r++) out.push(await toLastByte(path, check));
      return out;
    };

    const ids = Array.from({ length: 50 }, (_, k) => 't' + (1 + ((k * 104729) % TRACKS)));
    let k = 0;
    const reference = async () => db.query('select id, title from tracks where id = $1', [ids[k++ % ids.length]]);
    await time(reference, 100);
    const ref = stats(await time(reference, 500));
    line('reference (indexed select by id)', ref);

    // Search: the same queries through /api and /rest, a few words each.
    const q = await queries(db, TRACKS);
    const words = [...q.exact, ...q.partial.slice(0, 4), ...q.artist];
    const apiTimes = [];
    const restTimes = [];
    for (const query of words) {
      const apiPath = `/api/search/songs?limit=20&query=${encodeURIComponent(query)}`;
      const restPath = rest('search3', { query, songCount: '20' });
      await app.request(apiPath);
      await restJson(restPath);
      apiTimes.push(...(await timed(apiPath, apiOk(apiPath), REPS)));
      restTimes.push(...(await timed(restPath, restOk(restPath), REPS)));
    }
    const api = stats(apiTimes);
    line('/api/search/songs limit=20', api, ref, 'reference');
    line('search3 songCount=20', stats(restTimes), api, '/api search');

    const lists = [
      { type: 'alphabeticalByName' },
      { type: 'alphabeticalByArtist' },
      { type: 'newest' },
      { type: 'frequent' },
      { type: 'recent' },
      { type: 'highest' },
      { type: 'starred' },
      { type: 'byYear', fromYear: '1990', toYear: '2010' },
      { type: 'byGenre', genre: 'jazz' },
      { type: 'random' },
    ];
    const listPaths = [
      ...lists.map((params) => [params.type, rest('getAlbumList2', { ...params, size: '500' })]),
      ['newest offset=5000', rest('getAlbumList2', { type: 'newest', size: '500', offset: '5000' })],
    ];
    // The shelf is read after the first request (and timed here on its own).
    await restJson(listPaths[0][1]);
    const shelfReads = await time(() => selectShelfRows(db), 5);
    console.log(`  album shelf read (${TRACKS / 10} albums)              p50 ${fmt(percentile(shelfReads, 50))} ms`);
    for (const [label, path] of listPaths) {
      const count = (await restJson(path)).albumList2.album.length;
      line(`getAlbumList2 ${label} (${count})`, stats(await timed(path, restOk(path), REPS)), api, '/api search');
    }
    // Right after a change: the lists' queries answer until the catalogue has been quiet a while.
    const changed = async (path) => {
      const out = [];
      for (let r = 0; r < REPS; r++) {
        await db.query("select nextval('subsonic_album_changes')");
        out.push(await toLastByte(path, restOk(path)));
      }
      return out;
    };
    for (const [label, path] of listPaths) {
      if (label === 'frequent' || label === 'recent') continue; // never from the shelf
      line(`  after a change: ${label}`, stats(await changed(path)), api, '/api search');
    }

    if (process.env.BENCH_STREAM === 'off') {
      await app.stop();
      return;
    }
    // Stream: time to first byte, /rest/stream against /media for the same song.
    const file = join(musicDir, 'song-0.flac');
    const s = statSync(file);
    const insert = (id, path) =>
      db.query(
        `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, duration_s, codec, bitrate_kbps)
         values ($1, $2, $3, $4, $1, 'Loyalists', 'loyalists', 60, 'flac', 900) on conflict (id) do nothing`,
        [id, path, s.size, Math.floor(s.mtimeMs)],
      );
    await insert('benchSong0', 'song-0.flac');
    const media = '/media/benchSong0/320.mp4';
    const stream = rest('stream', { id: 'benchSong0', maxBitRate: '320' });
    await firstByte(app, media); // transcodes and caches the 320 kbps tier
    await firstByte(app, stream);
    const cachedMedia = [];
    const cachedRest = [];
    for (let r = 0; r < STREAM_REPS; r++) {
      cachedMedia.push(await firstByte(app, media));
      cachedRest.push(await firstByte(app, stream));
    }
    const cm = stats(cachedMedia);
    line('/media 320 kbps, cached: first byte', cm);
    line('stream maxBitRate=320, cached', stats(cachedRest), cm, '/media');

    const firstMedia = [];
    const firstRest = [];
    for (let r = 1; r <= FIRST_PLAYS * 2; r++) {
      await insert(`benchSong${r}`, `song-${r}.flac`);
      const id = `benchSong${r}`;
      if (r % 2) firstMedia.push(await firstByte(app, `/media/${id}/320.mp4`));
      else firstRest.push(await firstByte(app, rest('stream', { id, maxBitRate: '320' })));
    }
    const fm = stats(firstMedia);
    line(`/media 320 kbps, first play (${FIRST_PLAYS})`, fm);
    line(`stream maxBitRate=320, first play (${FIRST_PLAYS})`, stats(firstRest), fm, '/media');
    await app.stop();
  } finally {
    await db.close();
    if (process.env.BENCH_KEEP) console.log('  kept the database (BENCH_KEEP)');
    else await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
} catch {
  console.error('ffmpeg is needed (the stream figures transcode a song)');
  process.exit(1);
}
const musicDir = mkdtempSync(join(tmpdir(), 'lyra-bench-music-'));
try {
  // One minute of a demo song as FLAC, copied under as many names as songs are played for the first time.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', SONG, '-t', '60', '-c:a', 'flac', join(musicDir, 'song-0.flac')]);
  for (let r = 1; r <= FIRST_PLAYS * 2; r++) copyFileSync(join(musicDir, 'song-0.flac'), join(musicDir, `song-${r}.flac`));
  for (const engine of ENGINES) await run(engine, musicDir);
} finally {
  rmSync(musicDir, { recursive: true, force: true });
}
