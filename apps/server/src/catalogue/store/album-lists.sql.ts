import type { Queryable } from '../../db/db.js';
import { queryJsonIds, queryJsonRows } from '../../db/json-rows.js';

/**
 * Albums as album lists need them (Subsonic's getAlbumList2 and its album shelf): by id, the pages of the
 * lists the catalogue alone orders, and pages of albums chosen by another module (a listener's starred or
 * rated ones, passed in as ids).
 */

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
export async function selectAlbumListRows(db: Queryable, ids: readonly string[]): Promise<AlbumRow[]> {
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

/** The orders of album lists that only the catalogue's data decides. */
export type CatalogueAlbumOrder =
  | { kind: 'random' }
  | { kind: 'newest' }
  | { kind: 'frequent' }
  | { kind: 'recent' }
  | { kind: 'alphabeticalByName' }
  | { kind: 'alphabeticalByArtist' }
  | { kind: 'byYear'; from: number; to: number }
  | { kind: 'byGenre'; genre: string };

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
 * One page of an album list, in order. Every order but random walks an
 * index and stops after the page; byGenre sorts the albums of the genre.
 */
export async function selectAlbumListPage(db: Queryable, order: CatalogueAlbumOrder, limit: number, offset: number): Promise<AlbumRow[]> {
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
  }
}

/**
 * A page of the albums with songs among `albumIds` and the albums of `songIds` (a listener's starred
 * albums and favourite songs), by name: their ids, in order.
 */
export async function selectAlbumIdsByName(
  db: Queryable,
  of: { albumIds: readonly string[]; songIds: readonly string[] },
  limit: number,
  offset: number,
): Promise<string[]> {
  return queryJsonIds(
    db,
    `select al.id from albums al
      where (al.id = any($3::text[]) or al.id in (select t.album_id from tracks t where t.id = any($4::text[])))
        and ${HAS_SONGS}
      order by al.norm_name, al.id limit $1 offset $2`,
    [limit, offset, of.albumIds, of.songIds],
  );
}

/**
 * A page of the albums with songs among `ranked` (album ids, each with its rank: a listener's ratings,
 * best first), by rank, then name: their ids, in order.
 */
export async function selectAlbumIdsByRank(
  db: Queryable,
  ranked: readonly { id: string; rank: number }[],
  limit: number,
  offset: number,
): Promise<string[]> {
  return queryJsonIds(
    db,
    `select al.id from unnest($3::text[], $4::int[]) as r(id, rank)
       join albums al on al.id = r.id
      where ${HAS_SONGS}
      order by r.rank, al.norm_name, al.id limit $1 offset $2`,
    [limit, offset, ranked.map((r) => r.id), ranked.map((r) => r.rank)],
  );
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
 * changes, read in one statement (so from one snapshot) for Subsonic's album
 * shelf. Each order is the one its list's own query above uses. The albums
 * come with their album artist; the artists of the others are read after.
 */
export interface AlbumShelfRows {
  albums: AlbumRow[];
  byName: string[];
  newest: string[];
  /** Albums with a year, by year, then name: [id, year]. */
  byYear: [string, number][];
  byArtist: string[];
  /** Genre (lower case) → its albums by name (album_genres). */
  genres: Record<string, string[]>;
}

export async function selectAlbumShelfRows(db: Queryable): Promise<AlbumShelfRows> {
  const ids = (orderBy: string) => `coalesce((select json_agg(al.id order by ${orderBy}) from albums al where ${HAS_SONGS}), '[]')`;
  const [row] = await db.query<{ shelf: string }>(
    `select json_build_object(
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
  return JSON.parse(row!.shelf) as AlbumShelfRows;
}
