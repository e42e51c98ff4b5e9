#!/usr/bin/env node
// Search latency on a synthetic catalogue of 100,000 tracks, on PGlite and on
// PostgreSQL: GET /api/search/songs through the real app (in-process), for
// exact, partial, misspelt and multi-word queries. Figures are printed beside
// a reference measured in the same run on the same database: one indexed
// `select ... where id = $1` round trip. Nothing is asserted.
//
//   node bench/catalogue-search.mjs [tracks]        (needs `npm run build`)
//   BENCH_DATABASE_URL=postgres://... to choose the PostgreSQL server
//   BENCH_ENGINES=pglite to run one engine only; BENCH_KEEP=1 keeps the PostgreSQL database;
//   BENCH_PGLITE_DIR=<dir> keeps PGlite's catalogue on disk between runs
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import postgres from 'postgres';

const dist = new URL('../apps/server/dist/', import.meta.url);
const load = async (path) => {
  try {
    return await import(new URL(path, dist).href);
  } catch (e) {
    console.error(`cannot load apps/server/dist/${path}: run \`npm run build\` first (${e.message})`);
    process.exit(1);
  }
};
const { createApp } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openPglite } = await load('db/pglite-db.js');
const { openPostgres } = await load('db/postgres-db.js');
const { migrate } = await load('db/migrate.js');
const { silentLogger } = await load('log.js');

const TRACKS = Number(process.argv[2] ?? 100_000);
const ALBUMS = Math.max(1, Math.round(TRACKS / 10));
const ARTISTS = Math.max(1, Math.round(TRACKS / 20));
const REPS = 15;
const DB_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

// Title words: common English song-title vocabulary; names for artists.
const WORDS = `love night heart dream fire rain summer light dance time world life baby girl boy home road river
sky star moon sun blue red gold black white wild free young old lost alone forever together again tonight
city street ocean sea wave storm thunder shadow ghost angel devil heaven paradise midnight morning evening
dawn dusk winter spring autumn snow ice stone glass silver diamond crystal paper blood tears smile kiss
touch hold run fly fall rise burn shine glow fade break shake wake sleep walk talk sing cry call wait stay
go come back down up over under away home sweet bitter honey sugar candy cherry lemon wine whiskey coffee
radio video television electric neon magic mystery secret promise memory story letter song melody rhythm
beat drum guitar piano violin echo silence noise voice whisper scream thunderbird highway freeway railway
train car plane boat ship island mountain valley desert forest garden field flower rose lily orchid tree
leaf wind breeze cloud fog mist rainbow horizon border frontier kingdom empire castle tower bridge gate
door window mirror picture frame dance floor party club disco funk soul rock roll blues jazz swing groove
battle epic legend hero warrior knight dragon sword shield crown throne king queen prince princess soldier
journey voyage quest adventure escape freedom rebel revolution victory glory honor pride courage fear hope
faith trust truth lies secret desire passion fever danger trouble chaos order balance harmony peace war
north south east west center edge corner circle square line point zero one two three seven eleven hundred
thousand million first last final begin end start finish open close high low deep shallow near far long`
  .split(/\s+/)
  .filter(Boolean);
const FIRST = `Mira Teo Ola Anya Ravi Luca Nina Omar Sara Jonas Kofi Lena Marco Ines Yuki Priya Felix Hana Diego Zara
Arjun Elena Tomas Freya Kenji Leila Mateo Noor Oskar Rosa Samir Talia Viktor Wren Aiden Bianca Caleb Dalia Emil Farah`
  .split(/\s+/)
  .filter(Boolean);
const LAST = `Solen Vance Brandt Kaur Moreau Novak Okafor Silva Tanaka Weber Yilmaz Haddad Ivanova Lindqvist Mendes
Nakamura Petrov Quinn Rossi Sato Thorne Ueda Varga Walsh Xu Young Zeller Adeyemi Bauer Castillo Dubois Eriksen`
  .split(/\s+/)
  .filter(Boolean);

const sqlArray = (xs) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
// A deterministic skewed pick from row number and salt: popular words come up
// more often. With the exponent 1.3 the commonest word starts about 1% of the
// picks, so it ends up in roughly 3% of tracks, as "love" does in real catalogues.
const pick = (arr, i, salt) =>
  `(${sqlArray(arr)})[1 + floor(power((abs(hashint4(${i} * 7919 + ${salt})) % 1000000) / 1000000.0, 1.3) * ${arr.length})::int]`;

// Rarer words: two or three syllables, so the vocabulary grows with the catalogue
// as a real one does (tens of thousands of distinct words at 100,000 tracks).
const SYLLABLES = `ka lo ven mar ti sa ro del an be cor fi gu ha is jo ku la me no or pa qui ri su ta ul vi wa xe yo
zu bra cle dri fro gla pre tro shi cha ste`
  .split(/\s+/)
  .filter(Boolean);
const coined = (i, salt) =>
  `(${sqlArray(SYLLABLES)})[1 + abs(hashint4(${i} * 31 + ${salt})) % ${SYLLABLES.length}]` +
  ` || (${sqlArray(SYLLABLES)})[1 + abs(hashint4(${i} * 37 + ${salt})) % ${SYLLABLES.length}]` +
  ` || case when abs(hashint4(${i} * 41 + ${salt})) % 2 = 0 then (${sqlArray(SYLLABLES)})[1 + abs(hashint4(${i} * 43 + ${salt})) % ${SYLLABLES.length}] else '' end`;
// Two words in three are common ones, the rest coined.
const word = (i, salt) => `case when abs(hashint4(${i} * 53 + ${salt})) % 3 < 2 then ${pick(WORDS, i, salt)} else ${coined(i, salt)} end`;

async function generate(db) {
  const t0 = performance.now();
  await db.exec(`
    insert into artists (id, name, norm_name)
    select 'ar' || i, n, lower(unaccent(n)) from (
      select i, ${pick(FIRST, 'i', 1)} || ' ' || case when i % 2 = 0 then ${pick(LAST, 'i', 2)} else initcap(${coined('i', 2)}) end as n
        from generate_series(1, ${ARTISTS}) i) s;
    insert into albums (id, name, norm_name, album_artist_id, year, language, genre)
    select 'al' || i, n, lower(unaccent(n)), 'ar' || (1 + abs(hashint4(i)) % ${ARTISTS}), 1960 + abs(hashint4(i * 3)) % 65,
           (array['english','english','english','hindi','spanish','telugu',''])[1 + abs(hashint4(i * 5)) % 7],
           (array['Pop','Rock','Jazz','Electronic','Soundtrack','Folk','Hip-Hop','Classical'])[1 + abs(hashint4(i * 11)) % 8]
      from (select i, initcap(${word('i', 3)} || ' ' || ${word('i', 4)}) as n from generate_series(1, ${ALBUMS}) i) s;
    insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, album_id, track_no, year, duration_s,
                        genre, language, codec, bitrate_kbps, play_count, search_text, search_tsv)
    select 't' || s.i, 'bench/' || s.i || '.ogg', 1, 0, 'f' || s.i, s.title, lower(unaccent(s.title)), al.id,
           1 + s.i / ${ALBUMS}, al.year, 120 + abs(hashint4(s.i * 13)) % 240, al.genre, al.language, 'vorbis', 128,
           floor(power((abs(hashint4(s.i * 17)) % 1000000) / 1000000.0, 4) * 100000)::int,
           x.txt, to_tsvector('simple', x.txt)
      from (select i, initcap(${word('i', 5)} || case when i % 3 > 0 then ' ' || ${word('i', 6)} else '' end
                              || case when i % 4 = 0 then ' ' || ${word('i', 7)} else '' end) as title
              from generate_series(1, ${TRACKS}) i) s
      join albums al on al.id = 'al' || (1 + s.i % ${ALBUMS})
      join artists ar on ar.id = al.album_artist_id
      left join artists fa on s.i % 10 = 1 and fa.id = 'ar' || (1 + abs(hashint4(s.i * 19)) % ${ARTISTS})
      cross join lateral (select lower(unaccent(s.title || ' ' || ar.name || coalesce(' ' || fa.name, '') || ' ' || al.name)) as txt) x;
    insert into track_artists (track_id, artist_id, role, position)
    select t.id, al.album_artist_id, 'primary', 0 from tracks t join albums al on al.id = t.album_id;
    insert into track_artists (track_id, artist_id, role, position)
    select 't' || i, 'ar' || (1 + abs(hashint4(i * 19)) % ${ARTISTS}), 'featured', 1
      from generate_series(1, ${TRACKS}, 10) i on conflict do nothing;
  `);
  await db.exec('vacuum analyze');
  return performance.now() - t0;
}

/** A typo a listener makes: one letter dropped, doubled or swapped with its neighbour. */
function misspell(word, n) {
  if (word.length < 4) return word;
  const at = 1 + (n % (word.length - 2));
  switch (n % 3) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    default:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
}

async function queries(db) {
  const titles = (await db.query(`select title from tracks where id = any($1::text[])`, [
    Array.from({ length: 12 }, (_, k) => 't' + (1 + ((k * 7919) % TRACKS))),
  ])).map((r) => r.title);
  const artists = (await db.query(`select name from artists order by id limit 4`)).map((r) => r.name);
  const words = titles.flatMap((t) => t.toLowerCase().split(' '));
  return {
    exact: titles.slice(0, 6),
    partial: words.slice(0, 8).map((w) => w.slice(0, Math.max(3, Math.ceil(w.length * 0.6)))),
    misspelt: titles.slice(6, 12).map((t, n) => t.toLowerCase().split(' ').map((w, k) => misspell(w, n + k)).join(' ')),
    artist: artists,
  };
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function time(fn, reps) {
  const out = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function run(engine) {
  let db;
  let drop = async () => {};
  if (engine === 'pglite') {
    // BENCH_PGLITE_DIR keeps the generated catalogue on disk for the next run.
    db = await openPglite(process.env.BENCH_PGLITE_DIR);
  } else {
    const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
    const name = `lyra_bench_${process.pid}`;
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
    const [{ have }] = await db.query('select count(*)::int as have from tracks');
    let genMs = 0;
    if (have !== TRACKS) {
      console.log(`\n${engine}: generating ${TRACKS} tracks...`);
      if (have > 0) await db.exec('truncate tracks, albums, artists, catalogue_words cascade');
      genMs = await generate(db);
    }
    const config = loadConfig({ DATA_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off' });
    const app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue']);
    const q = await queries(db);
    const [{ n }] = await db.query('select count(*)::int as n from tracks');
    const [{ w }] = await db.query('select count(*)::int as w from catalogue_words');
    console.log(`${engine}: ${n} tracks, ${w} distinct words, generated in ${(genMs / 1000).toFixed(1)} s`);

    const ids = Array.from({ length: 50 }, (_, k) => 't' + (1 + ((k * 104729) % TRACKS)));
    let k = 0;
    const reference = async () => db.query('select id, title from tracks where id = $1', [ids[k++ % ids.length]]);
    await time(reference, 100);
    const ref = await time(reference, 500);
    const refP50 = percentile(ref, 50);
    const refP95 = percentile(ref, 95);
    console.log(`  reference (indexed select by id)  p50 ${refP50.toFixed(3)} ms  p95 ${refP95.toFixed(3)} ms`);

    const all = [];
    for (const [kind, list] of Object.entries(q)) {
      const times = [];
      const hits = [];
      for (const query of list) {
        const path = `/api/search/songs?limit=10&query=${encodeURIComponent(query)}`;
        await app.request(path); // warm
        times.push(
          ...(await time(async () => {
            const res = await app.request(path);
            const body = await res.json();
            if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
            hits.push(body.data.total);
          }, REPS)),
        );
      }
      all.push(...times);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const medianHits = percentile(hits, 50);
      console.log(
        `  ${kind.padEnd(9)} p50 ${p50.toFixed(2).padStart(6)} ms (x${(p50 / refP50).toFixed(0)})  ` +
          `p95 ${p95.toFixed(2).padStart(6)} ms (x${(p95 / refP95).toFixed(0)})  median hits ${medianHits}  e.g. ${JSON.stringify(list[0])}`,
      );
    }
    console.log(
      `  all       p50 ${percentile(all, 50).toFixed(2).padStart(6)} ms  p95 ${percentile(all, 95).toFixed(2).padStart(6)} ms` +
        `  (target p95 <= 15 ms)`,
    );
    await app.stop();
  } finally {
    await db.close();
    if (process.env.BENCH_KEEP) console.log('  kept the database (BENCH_KEEP)');
    else await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const engine of ENGINES) await run(engine);
