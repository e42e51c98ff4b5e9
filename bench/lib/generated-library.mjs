// A synthetic catalogue for the benchmarks (catalogue-search.mjs,
// catalogue-subsonic.mjs): artists, albums and tracks generated in SQL, with
// skewed common words and coined rarer ones as in a real library, and the
// queries a listener types; plus timing helpers.

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

/** Artists, albums and tracks of a synthetic catalogue of `tracks` tracks, as the scanner would write them. */
export async function generate(db, tracks) {
  const ALBUMS = Math.max(1, Math.round(tracks / 10));
  const ARTISTS = Math.max(1, Math.round(tracks / 20));
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
              from generate_series(1, ${tracks}) i) s
      join albums al on al.id = 'al' || (1 + s.i % ${ALBUMS})
      join artists ar on ar.id = al.album_artist_id
      left join artists fa on s.i % 10 = 1 and fa.id = 'ar' || (1 + abs(hashint4(s.i * 19)) % ${ARTISTS})
      cross join lateral (select lower(unaccent(s.title || ' ' || ar.name || coalesce(' ' || fa.name, '') || ' ' || al.name)) as txt) x;
    insert into track_artists (track_id, artist_id, role, position)
    select t.id, al.album_artist_id, 'primary', 0 from tracks t join albums al on al.id = t.album_id;
    insert into track_artists (track_id, artist_id, role, position)
    select 't' || i, 'ar' || (1 + abs(hashint4(i * 19)) % ${ARTISTS}), 'featured', 1
      from generate_series(1, ${tracks}, 10) i on conflict do nothing;
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

/** Search queries a listener types, taken from the generated catalogue: exact titles, word prefixes, typos, artist names. */
export async function queries(db, tracks) {
  const titles = (await db.query(`select title from tracks where id = any($1::text[])`, [
    Array.from({ length: 12 }, (_, k) => 't' + (1 + ((k * 7919) % tracks))),
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

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export async function time(fn, reps) {
  const out = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}
