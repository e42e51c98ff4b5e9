import type { Queryable } from '../../db/db.js';

/** One word of a query and the catalogue words that look like it (best first). */
export interface ExpandedWord {
  word: string;
  alts: string[];
  /** At most this many tracks match the word (as a prefix or a look-alike). */
  tracks: number;
}

/** A character of a script written without spaces between words: Han, kana, Hangul (a PostgreSQL regular expression). */
const CJK_CHARACTER = '[\\u1100-\\u11ff\\u3040-\\u30ff\\u3130-\\u318f\\u31f0-\\u31ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff]';
/** At most this many catalogue words stand for a CJK query word found inside them. */
export const CJK_ALTS_PER_WORD = 200;

export interface ExpandedQuery {
  /** The whole query as catalogue_norm() gives it (lower case, no accents). */
  norm: string;
  words: ExpandedWord[];
}

/**
 * Splits the query the way the index was built (to_tsvector('simple') over
 * catalogue_norm) and bounds, for each word, how many tracks it can match
 * (catalogue_words counts of the words it is a prefix of). A word that is no
 * catalogue word's beginning is a typo: it is widened to at most `perWord`
 * catalogue words of pg_trgm similarity >= pg_trgm.similarity_threshold (0.3
 * by default), found through the trigram index on the small catalogue_words
 * table. A word that begins catalogue words is taken as typed (a real word,
 * or one being typed).
 *
 * Chinese, Japanese and Korean are written without spaces between words, so a
 * whole title is one catalogue word ('水调歌头'): a query word in those scripts
 * also matches the catalogue words that contain it anywhere (up to
 * CJK_ALTS_PER_WORD of them, the most used first), and a single character
 * finds every title holding it.
 */
export async function expandQueryWords(db: Queryable, text: string, maxWords: number, perWord: number): Promise<ExpandedQuery> {
  const rows = await db.query<ExpandedWord & { norm: string }>(
    `select q.word, n.norm,
            coalesce(array_agg(x.word order by x.sim desc, x.word) filter (where x.word is not null), '{}') as alts,
            (min(p.tracks) + coalesce(sum(x.tracks), 0))::int as tracks
       from (select catalogue_norm($1) as norm) n
       cross join lateral (select w as word from unnest(tsvector_to_array(to_tsvector('simple', n.norm))) as w limit $2) q
       cross join lateral (
         -- words the query word is a prefix of (one-letter words match whole)
         select coalesce(sum(cw.tracks), 0) as tracks from catalogue_words cw
          where cw.word ~>=~ q.word and cw.word ~<~ (q.word || chr(1114111))
            and (length(q.word) >= 2 or cw.word = q.word)) p
       left join lateral (
         (select cw.word, cw.tracks, 2::real as sim
            from catalogue_words cw
           where q.word ~ $4 and strpos(cw.word, q.word) > 0 and cw.word <> q.word
           order by cw.tracks desc, cw.word
           limit $5)
         union all
         (select cw.word, cw.tracks, similarity(cw.word, q.word) as sim
            from catalogue_words cw
           where p.tracks = 0 and cw.word % q.word
           order by sim desc, cw.word
           limit $3)) x on true
      group by q.word, n.norm`,
    [text, maxWords, perWord, CJK_CHARACTER, CJK_ALTS_PER_WORD],
  );
  return { norm: rows[0]?.norm ?? '', words: rows.map(({ word, alts, tracks }) => ({ word, alts, tracks })) };
}

export interface RankedIds {
  ids: string[];
  total: number;
}

export interface TrackQuery {
  /** The query, normalised. */
  norm: string;
  /** tsquery text: every word as a prefix or a look-alike. */
  widened: string;
  /** tsquery text: every word as typed (a prefix). */
  strict: string;
  limit: number;
  offset: number;
}

/**
 * Title equal to the query 8, title starting with it 4, every word as typed
 * in the title 3, every word as typed anywhere (title, album, artists) 2;
 * look-alikes of typos score 0. So: exact title, then prefix, then whole
 * words in the title, then words found only in the album or artist names,
 * then typo matches; ties go to the most played.
 */
const TRACK_SCORE = `(case when t.norm_title = $3 then 8 else 0 end
                   + case when starts_with(t.norm_title, $3) then 4 else 0 end
                   + case when to_tsvector('simple', t.norm_title) @@ $2::tsquery then 3 else 0 end
                   + case when t.search_tsv @@ $2::tsquery then 2 else 0 end)`;

/**
 * All tracks matching `widened`, ranked by score, then most played, then id.
 * The tsqueries arrive as tsquery values and `norm` already normalised, so
 * nothing is parsed or normalised per row; the GIN index on search_tsv finds
 * the rows. Cost grows with the number of matches: for selective queries.
 * The total is counted only when the page is full or not the first, and
 * not at all when the caller knows it.
 */
export async function searchTrackIds(db: Queryable, q: TrackQuery, knownTotal?: number): Promise<RankedIds> {
  const rows = await db.query<{ id: string }>(
    `select t.id from tracks t
      where t.search_tsv @@ $1::tsquery
      order by ${TRACK_SCORE} desc, t.play_count desc, t.id
      limit $4 offset $5`,
    [q.widened, q.strict, q.norm, q.limit, q.offset],
  );
  const ids = rows.map((r) => r.id);
  if (knownTotal !== undefined) return { ids, total: knownTotal };
  if (q.offset === 0 && ids.length < q.limit) return { ids, total: ids.length };
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from tracks where search_tsv @@ $1::tsquery`, [
    q.widened,
  ]);
  return { ids, total: count?.n ?? 0 };
}

/** How many tracks match, counting no further than `cap`. */
export async function countTracksUpTo(db: Queryable, widened: string, cap: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from tracks where search_tsv @@ $1::tsquery limit $2) m`,
    [widened, cap],
  );
  return row?.n ?? 0;
}

/**
 * For queries matching thousands of tracks: the most played matches, found by
 * walking the play-count index until enough match (a few hundred rows when the
 * words are common), never every match. The first `window` of them are
 * ordered by score; the rest stay in play-count order, so every page is a
 * slice of one fixed order. Returns the ids of the page.
 */
export async function searchPopularTrackIds(db: Queryable, q: TrackQuery, window: number): Promise<string[]> {
  const rows = await db.query<{ id: string; score: number }>(
    `select t.id, ${TRACK_SCORE} as score from tracks t
      where t.search_tsv @@ $1::tsquery
      order by t.play_count desc, t.id
      limit $4`,
    [q.widened, q.strict, q.norm, Math.max(window, q.offset + q.limit)],
  );
  // a stable sort keeps play-count order among equal scores
  const ranked = [...rows.slice(0, window).sort((a, b) => b.score - a.score), ...rows.slice(window)];
  return ranked.slice(q.offset, q.offset + q.limit).map((r) => r.id);
}

/** Name equal to the query 8, starting with it 4, every word as typed 2. */
const NAME_SCORE = `(case when e.norm_name = $3 then 8 else 0 end
                  + case when starts_with(e.norm_name, $3) then 4 else 0 end
                  + case when to_tsvector('simple', e.norm_name) @@ $2::tsquery then 2 else 0 end)`;

/**
 * What each named search looks through, as (id, score) rows: artists by name;
 * albums by name, and by their album artist's name (scored 1, below any album
 * whose own name has every word as typed), so the Albums tab finds an artist's
 * albums by the artist. Each part is served by a GIN index on
 * to_tsvector('simple', norm_name).
 */
const NAMED_HITS: Record<'albums' | 'artists', string> = {
  artists: `select e.id, ${NAME_SCORE} as score from artists e where to_tsvector('simple', e.norm_name) @@ $1::tsquery`,
  albums: `select e.id, ${NAME_SCORE} as score from albums e where to_tsvector('simple', e.norm_name) @@ $1::tsquery
           union all
           select e.id, 1 from artists ar join albums e on e.album_artist_id = ar.id
            where to_tsvector('simple', ar.norm_name) @@ $1::tsquery`,
};

const NAMED_TABLE = { album: 'albums', artist: 'artists' } as const;

/** Albums or artists matching `widened` (NAMED_HITS), ranked by score, then name and id. */
export async function searchNamedIds(db: Queryable, kind: 'album' | 'artist', q: TrackQuery): Promise<RankedIds> {
  const table = NAMED_TABLE[kind];
  const rows = await db.query<{ id: string; total: number }>(
    `select e.id, count(*) over ()::int as total
       from (select id, max(score) as score from (${NAMED_HITS[table]}) hits group by id) h
       join ${table} e on e.id = h.id
      order by h.score desc, e.norm_name, e.id
      limit $4 offset $5`,
    [q.widened, q.strict, q.norm, q.limit, q.offset],
  );
  if (rows.length > 0 || q.offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ n: number }>(
    `select count(distinct id)::int as n from (${NAMED_HITS[table]}) hits`,
    [q.widened, q.strict, q.norm],
  );
  return { ids: [], total: count?.n ?? 0 };
}

/**
 * Playlists by name, through the norm_name trigram index: word similarity
 * (`<%`: the query is close to a part of the name, so partial words match)
 * or similarity (`%`: the whole name is close, so typos spread over several
 * words match). Playlist names are not catalogue words, and there are few
 * playlists. Ranked exact name, name prefix, similarity, then name and id.
 */
export async function searchPlaylistIds(db: Queryable, q: { text: string; limit: number; offset: number }): Promise<RankedIds> {
  const rows = await db.query<{ id: string; total: number }>(
    `select e.id, count(*) over ()::int as total
       from playlists e
      where catalogue_norm($1) <% e.norm_name or e.norm_name % catalogue_norm($1)
      order by (case when e.norm_name = catalogue_norm($1) then 8 else 0 end
              + case when starts_with(e.norm_name, catalogue_norm($1)) then 4 else 0 end
              + greatest(word_similarity(catalogue_norm($1), e.norm_name), similarity(e.norm_name, catalogue_norm($1)))) desc,
               e.norm_name, e.id
      limit $2 offset $3`,
    [q.text, q.limit, q.offset],
  );
  if (rows.length > 0 || q.offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from playlists where catalogue_norm($1) <% norm_name or norm_name % catalogue_norm($1)`,
    [q.text],
  );
  return { ids: [], total: count?.n ?? 0 };
}
