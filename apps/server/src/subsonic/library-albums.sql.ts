import type { Queryable } from '../db/db.js';
import { queryJsonIds, queryJsonRows } from '../db/json-rows.js';

/** Albums in the shape Subsonic clients need: by id, and the pages of an album list (getAlbumList2). */

export interface AlbumRow {
  id: string;
  name: string;
  norm_name: string;
  year: number | null;
  genre: string | null;
  cover_id: string | null;
  artist_id: string | null;
  artist_name: string | null;
  song_count: number;
  duration_s: number;
  play_count: number;
  /** First scan, ISO. */
  created: string;
  compilation: boolean;
  release_types: string[] | null;
  mbz_album_id: string | null;
  /** YYYY-MM-DD, when its songs are tagged with a full date. */
  release_date: string | null;
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  original_date: string | null;
  label: string | null;
}

/** Albums with songs (others are left from older scans): the catalogue keeps song_count as tracks are written. */
const HAS_SONGS = 'al.song_count > 0';

const ALBUM_COLUMNS = `al.id, al.name, al.norm_name, al.year, nullif(al.genre, '') as genre, al.cover_id,
                       ar.id as artist_id, ar.name as artist_name,
                       al.song_count, al.duration_s, al.play_count, al.first_seen_at as created,
                       al.compilation, al.release_types, al.mbz_album_id, al.release_date, al.original_date,
                       nullif(al.label, '') as label`;

/**
 * The album rows of a page of album ids, in the page's order, each with its
 * album artist; the album keeps its song count, length, plays and first scan.
 * The page is chosen first (`ids`: an array expression), so sorting the whole
 * catalogue or skipping to a deep offset touches album ids, not joined rows.
 */
const pageRows = (ids: string) => `select ${ALBUM_COLUMNS}
                     from unnest(${ids}) with ordinality as page(id, ord)
                     join albums al on al.id = page.id
                     left join artists ar on ar.id = al.album_artist_id
                    where ${HAS_SONGS}
                    order by page.ord`;

/** Albums that hold at least one track, by id, in the order asked. */
export async function selectAlbums(db: Queryable, ids: readonly string[]): Promise<AlbumRow[]> {
  if (ids.length === 0) return [];
  return queryJsonRows<AlbumRow>(db, pageRows('$1::text[]'), [ids]);
}

/**
 * A page of a list that walks one index (`where` and `orderBy` over albums `al`; $1 the page
 * size, $2 its offset): the page's rows first, then their artists.
 */
const selectIndexPage = (db: Queryable, where: string, orderBy: string, params: readonly unknown[]) =>
  queryJsonRows<AlbumRow>(
    db,
    `select ${ALBUM_COLUMNS}
       from (select * from albums al where ${where} order by ${orderBy} limit $1 offset $2) al
       left join artists ar on ar.id = al.album_artist_id
      order by ${orderBy}`,
    params,
  );

/** The album rows of the ids a page query selects ($1 the page size, $2 its offset). */
const selectPage = (db: Queryable, pageSql: string, params: readonly unknown[]) =>
  queryJsonRows<AlbumRow>(db, pageRows(`array(${pageSql})`), params);

/** The order of an album list (getAlbumList2). */
export type AlbumOrder =
  | { kind: 'random' }
  | { kind: 'newest' }
  | { kind: 'frequent' }
  | { kind: 'recent' }
  | { kind: 'alphabeticalByName' }
  | { kind: 'alphabeticalByArtist' }
  | { kind: 'byYear'; from: number; to: number }
  | { kind: 'byGenre'; genre: string }
  | { kind: 'starred'; userId: string }
  | { kind: 'highest'; userId: string };

/**
 * The lists that walk one index of albums (catalogue/0400-album-list-figures.sql,
 * subsonic/catalogue/) and stop after a page: ORDER BY of each.
 */
const INDEX_ORDER = {
  newest: 'al.first_seen_at desc, al.norm_name, al.id',
  frequent: 'al.play_count desc, al.norm_name, al.id',
  // never played: newest first
  recent: 'al.last_played_at desc nulls last, al.first_seen_at desc, al.norm_name, al.id',
  alphabeticalByName: 'al.norm_name, al.id',
} as const;

/**
 * One page of an album list, in order. Every order but random and the
 * caller's own (starred, highest: a few albums each) walks an index and stops
 * after the page; byGenre sorts the albums of the genre.
 */
export async function selectAlbumList(db: Queryable, order: AlbumOrder, limit: number, offset: number): Promise<AlbumRow[]> {
  const page = [limit, offset];
  switch (order.kind) {
    case 'random':
      return selectPage(db, `select al.id from albums al where ${HAS_SONGS} order by random() limit $1 offset $2`, page);
    case 'newest':
    case 'frequent':
    case 'recent':
    case 'alphabeticalByName':
      return selectIndexPage(db, HAS_SONGS, INDEX_ORDER[order.kind], page);
    case 'byYear': {
      const dir = order.from > order.to ? 'desc' : 'asc';
      return selectIndexPage(db, `al.year between $3 and $4 and ${HAS_SONGS}`, `al.year ${dir}, al.norm_name, al.id`, [
        ...page, Math.min(order.from, order.to), Math.max(order.from, order.to),
      ]);
    }
    case 'alphabeticalByArtist':
      return selectPage(db, `${byArtistIds('limit $1::int + $2::int')} limit $1 offset $2`, page);
    case 'byGenre':
      // The genre of any of its songs (the album's own is one of them), in any letter case.
      return selectPage(db, `select g.album_id from album_genres g
          where g.genre = lower($3) order by g.norm_name, g.album_id limit $1 offset $2`, [...page, order.genre]);
    case 'starred':
    case 'highest':
      return selectPage(db, CALLER_ALBUM_IDS[order.kind], [...page, order.userId]);
  }
}

/** The caller's own lists ($3 the caller): a page of album ids ($1 its size, $2 its offset). */
const CALLER_ALBUM_IDS = {
  // Starred albums and albums holding a favourite song.
  starred: `select al.id from albums al
     where al.id in (select st.item_id from subsonic_stars st where st.user_id = $3 and st.kind = 'album'
                     union select t.album_id from doc_favorite f join tracks t on t.id = f."songId" where f."userId" = $3)
       and ${HAS_SONGS}
     order by al.norm_name, al.id limit $1 offset $2`,
  // The caller's rated albums, best first.
  highest: `select al.id from albums al
      join subsonic_ratings r on r.user_id = $3 and r.kind = 'album' and r.item_id = al.id
     where ${HAS_SONGS}
     order by r.rating desc, r.updated_at desc, al.norm_name, al.id limit $1 offset $2`,
} as const;

/** A page of the caller's starred or rated albums: their ids, in order. */
export async function selectCallerAlbumIds(
  db: Queryable,
  order: Extract<AlbumOrder, { kind: 'starred' | 'highest' }>,
  limit: number,
  offset: number,
): Promise<string[]> {
  return queryJsonIds(db, CALLER_ALBUM_IDS[order.kind], [limit, offset, order.userId]);
}

/**
 * Album ids by album artist (artists by name, each one's albums by year and
 * name), albums without an album artist last; `limit` bounds each part (for a
 * page: its end), or is empty for all of them.
 */
const byArtistIds = (limit: string) => `select id from (
    (select al.id, 0 as part, ar.norm_name as artist, al.year, al.norm_name
       from artists ar join albums al on al.album_artist_id = ar.id
      where ${HAS_SONGS}
      order by ar.norm_name, al.year nulls last, al.norm_name, al.id ${limit})
    union all
    (select al.id, 1, null, al.year, al.norm_name from albums al
      where al.album_artist_id is null and ${HAS_SONGS}
      order by al.year nulls last, al.norm_name, al.id ${limit})) x
  order by part, artist, year nulls last, norm_name, id`;

/**
 * Every album with songs, and the orders of the lists only the catalogue
 * changes, read in one statement (so from one snapshot) for the album shelf
 * (album-shelf.ts). Each order is the one its list's own query above uses.
 * The albums come with their album artist; the artists of the others are
 * read after (withArtists).
 */
export interface ShelfRows {
  /** Where subsonic_album_changes stood. */
  changes: string;
  albums: AlbumRow[];
  byName: string[];
  newest: string[];
  /** Albums with a year, by year, then name: [id, year]. */
  byYear: [string, number][];
  byArtist: string[];
  /** Genre (lower case) → its albums by name (album_genres). */
  genres: Record<string, string[]>;
}

export async function selectShelfRows(db: Queryable): Promise<ShelfRows> {
  const ids = (orderBy: string) => `coalesce((select json_agg(al.id order by ${orderBy}) from albums al where ${HAS_SONGS}), '[]')`;
  const [row] = await db.query<{ shelf: string }>(
    `select json_build_object(
       'changes', (select last_value::text from subsonic_album_changes),
       'albums', coalesce((select json_agg(a) from (
           select ${ALBUM_COLUMNS} from albums al left join artists ar on ar.id = al.album_artist_id
            where ${HAS_SONGS}) a), '[]'),
       'byName', ${ids(INDEX_ORDER.alphabeticalByName)},
       'newest', ${ids(INDEX_ORDER.newest)},
       'byYear', coalesce((select json_agg(json_build_array(al.id, al.year) order by al.year, al.norm_name, al.id)
                             from albums al where al.year is not null and ${HAS_SONGS}), '[]'),
       'byArtist', coalesce((select json_agg(x.id) from (${byArtistIds('')}) x), '[]'),
       'genres', coalesce((select json_object_agg(x.genre, x.ids) from (
           select g.genre, json_agg(g.album_id order by g.norm_name, g.album_id) as ids
             from album_genres g group by g.genre) x), '{}')
     )::text as shelf`,
  );
  return JSON.parse(row!.shelf) as ShelfRows;
}

/** The caller's own facts about albums: their rating and latest play. */
export interface CallerAlbumRow {
  id: string;
  rating: number | null;
  /** ISO. */
  played: string | null;
}

/** The caller's ratings and latest plays of the albums `ids` names (those with neither are left out). */
export async function selectCallerAlbumFacts(db: Queryable, userId: string, ids: readonly string[]): Promise<CallerAlbumRow[]> {
  if (ids.length === 0) return [];
  return queryJsonRows<CallerAlbumRow>(
    db,
    `select x.id, r.rating::int as rating, p.played_at as played
       from unnest($2::text[]) as x(id)
       left join subsonic_ratings r on r.user_id = $1 and r.kind = 'album' and r.item_id = x.id
       left join subsonic_plays p on p.user_id = $1 and p.kind = 'album' and p.item_id = x.id
      where r.rating is not null or p.played_at is not null`,
    [userId, ids],
  );
}

/** Every album the caller rated or played, with their rating and latest play (for the album shelf). */
export async function selectAllCallerAlbumFacts(db: Queryable, userId: string): Promise<CallerAlbumRow[]> {
  return queryJsonRows<CallerAlbumRow>(
    db,
    `select coalesce(r.item_id, p.item_id) as id, r.rating::int as rating, p.played_at as played
       from (select item_id, rating from subsonic_ratings where user_id = $1 and kind = 'album') r
       full join (select item_id, played_at from subsonic_plays where user_id = $1 and kind = 'album') p on p.item_id = r.item_id`,
    [userId],
  );
}

/** Where subsonic_album_changes stands: it moves on with every change to what the shelf holds. */
export async function selectShelfChanges(db: Queryable): Promise<string> {
  const [row] = await db.query<{ changes: string }>('select last_value::text as changes from subsonic_album_changes');
  return row!.changes;
}
