import type { AlbumSort, ArtistSort, SongSort } from '@lyra/contracts/catalogue';
import type { Queryable } from '../../db/db.js';

/**
 * Library's lists of the whole collection (catalogue-api.md §6): one page of
 * ids in a fixed order, and the list's length. Every order ends on the id, so
 * pages never overlap or skip; `random` is a hash of the id and a seed, the
 * same order on every page of one seed. Albums are listed while they hold
 * songs (`song_count > 0`, kept by triggers as tracks are written).
 */

export interface Page {
  limit: number;
  offset: number;
}

/**
 * How a list's total and letters are read: `read()` itself, or what a memo kept of it under `key`
 * (library-lists.ts `ListMemo`). The key names the list and its filter; the memo adds the scope.
 */
export type Remember = <T>(key: string, read: () => Promise<T>) => Promise<T>;
const readNow: Remember = (_key, read) => read();

/**
 * A quick filter: names holding the text (accents and case ignored), `%` and
 * `_` taken literally; served by the trigram indexes on norm_name.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const CONTAINS = (column: string, param: string) => `${column} like lower(unaccent(${param}))`;

/**
 * Where each initial starts among `rows` (a FROM and WHERE naming `norm_name`
 * and `id`) ordered by name: A-Z, anything else '#'. norm_name is already
 * lower case without accents.
 */
export async function selectLetters(db: Queryable, alias: string, rows: string, params: readonly unknown[]): Promise<{ letter: string; start: number }[]> {
  return db.query(
    `select letter, (min(rn) - 1)::int as start from (
       select case when left(${alias}.norm_name, 1) between 'a' and 'z' then upper(left(${alias}.norm_name, 1)) else '#' end as letter,
              row_number() over (order by ${alias}.norm_name, ${alias}.id) as rn
         from ${rows}) x
      group by letter order by min(rn)`,
    params,
  );
}

const HAS_SONGS = 'al.song_count > 0';

/** ORDER BY of each album sort, over `albums al` left joined to its album artist `ar`. */
const ALBUM_ORDER: Record<AlbumSort, string> = {
  name: 'al.norm_name, al.id',
  // Albums without an album artist last; each artist's albums oldest first.
  artist: 'ar.norm_name nulls last, al.year nulls last, al.norm_name, al.id',
  // Newest year first; albums without a year last.
  year: 'al.year desc nulls last, al.norm_name, al.id',
  recent: 'al.first_seen_at desc, al.norm_name, al.id',
  plays: 'al.play_count desc, al.norm_name, al.id',
  // Albums played before, the one whose last play is oldest first; never played ones last.
  rediscover: 'al.last_played_at asc nulls last, al.norm_name, al.id',
  random: 'md5(al.id || $3), al.id',
};

/** Albums whose name or album artist's name holds `filter` (null: every album). */
export async function selectLibraryAlbumIds(
  db: Queryable,
  sort: AlbumSort,
  page: Page,
  seed: string,
  filter: string | null,
  remember: Remember = readNow,
): Promise<{ ids: string[]; total: number; letters?: { letter: string; start: number }[] | undefined }> {
  const join = sort === 'artist' || filter ? 'left join artists ar on ar.id = al.album_artist_id' : '';
  const params: unknown[] = [page.limit, page.offset, seed];
  const where = [HAS_SONGS];
  if (filter) {
    params.push(containsPattern(filter));
    where.push(`(${CONTAINS('al.norm_name', '$4')} or ${CONTAINS('ar.norm_name', '$4')})`);
  }
  const from = `albums al ${join} where ${where.join(' and ')}`;
  const counted = filter ? [params[3]] : [];
  // The albums the filter keeps: the same rows whatever the sort (the artist join adds none).
  const kept = `albums ${JSON.stringify(filter)}`;
  const [rows, [count], letters] = await Promise.all([
    // $3 (the seed) is named in every statement so its type is known where the order does not use it.
    db.query<{ id: string }>(`select al.id from ${from} and $3::text is not null order by ${ALBUM_ORDER[sort]} limit $1 offset $2`, params),
    remember(`${kept} count`, () => db.query<{ n: number }>(`select count(*)::int as n from ${from.replaceAll('$4', '$1')}`, counted)),
    sort === 'name' && page.offset === 0 ? remember(`${kept} letters`, () => selectLetters(db, 'al', from.replaceAll('$4', '$1'), counted)) : undefined,
  ]);
  return { ids: rows.map((r) => r.id), total: count?.n ?? 0, letters };
}

/**
 * A page of songs in two parts, each walked in its own order and cut at the
 * page's end ($1 + $2 rows), then ordered by `order` over their columns: the
 * songs that have what the list sorts by (an album, an artist) come first, the
 * others after. Each part walks an index in order (album or artist names) and
 * sorts only within each album or artist (an incremental sort), so a page near
 * the top reads about a page of rows, not the whole catalogue.
 */
const partsPage = (first: string, rest: string, order: string) =>
  `select x.id from ((${first} limit $1::int + $2::int) union all (${rest} limit $1::int + $2::int)) x order by ${order} limit $1 offset $2`;

const SONG_PAGE: Record<SongSort, string> = {
  title: 'select t.id from tracks t order by t.norm_title, t.id limit $1 offset $2',
  // Each song under its first primary artist; then that artist's albums by name, disc, track and file name.
  artist: partsPage(
    `select t.id, 0 as part, a.norm_name as artist, a.id as artist_id, al.norm_name as album, al.id as album_id,
            coalesce(t.disc_no, 1) as disc, t.track_no, t.file_order
       from artists a join track_artists ta on ta.artist_id = a.id and ta.role = 'primary'
       join tracks t on t.id = ta.track_id left join albums al on al.id = t.album_id
      where not exists (select 1 from track_artists f where f.track_id = t.id and f.role = 'primary' and f.position < ta.position)
      order by a.norm_name, a.id, al.norm_name nulls last, al.id, coalesce(t.disc_no, 1), t.track_no nulls last, t.file_order, t.id`,
    `select t.id, 1, null, null, al.norm_name, al.id, coalesce(t.disc_no, 1), t.track_no, t.file_order
       from tracks t left join albums al on al.id = t.album_id
      where not exists (select 1 from track_artists f where f.track_id = t.id and f.role = 'primary')
      order by al.norm_name nulls last, al.id, coalesce(t.disc_no, 1), t.track_no nulls last, t.file_order, t.id`,
    'part, artist, artist_id, album nulls last, album_id, disc, track_no nulls last, file_order, id',
  ),
  // By album name, disc, track and file name; songs without an album last, by title.
  album: partsPage(
    `select t.id, 0 as part, al.norm_name as album, al.id as album_id, coalesce(t.disc_no, 1) as disc, t.track_no, t.file_order
       from albums al join tracks t on t.album_id = al.id
      order by al.norm_name, al.id, coalesce(t.disc_no, 1), t.track_no nulls last, t.file_order, t.id`,
    // Songs without an album are ordered by title: their title stands in the file_order column.
    `select t.id, 1, null, null, 1, null::int, t.norm_title from tracks t where t.album_id is null order by t.norm_title, t.id`,
    'part, album, album_id, disc, track_no nulls last, file_order, id',
  ),
  recent: 'select t.id from tracks t order by t.scanned_at desc, t.id limit $1 offset $2',
  plays: 'select t.id from tracks t order by t.play_count desc, t.id limit $1 offset $2',
};

export async function selectLibrarySongIds(db: Queryable, sort: SongSort, page: Page, remember: Remember = readNow): Promise<{ ids: string[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.query<{ id: string }>(SONG_PAGE[sort], [page.limit, page.offset]),
    remember('songs count', () => db.query<{ n: number }>('select count(*)::int as n from tracks')),
  ]);
  return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
}

/** Artists who sing on a song or are the album artist of an album with songs (composers alone are not listed). */
export const LISTED_ARTIST = `(exists (select 1 from track_artists ta where ta.artist_id = a.id and ta.role in ('primary', 'featured'))
                        or exists (select 1 from albums al where al.album_artist_id = a.id and ${HAS_SONGS}))`;

/** Plays of each artist's songs (primary or featured). */
const ARTIST_PLAYS = `select ta.artist_id, sum(t.play_count)::int as plays
                        from track_artists ta join tracks t on t.id = ta.track_id
                       where ta.role in ('primary', 'featured') group by ta.artist_id`;

export interface LibraryArtistRow {
  id: string;
  name: string;
  cover_id: string | null;
  album_count: number;
  song_count: number;
  play_count: number;
}

/** Artists whose name holds `filter` (null: every artist listed). */
export async function selectLibraryArtists(
  db: Queryable,
  sort: ArtistSort,
  page: Page,
  filter: string | null,
  remember: Remember = readNow,
): Promise<{ rows: LibraryArtistRow[]; total: number; letters?: { letter: string; start: number }[] | undefined }> {
  const listed = filter ? `${CONTAINS('a.norm_name', '$3')} and ${LISTED_ARTIST}` : LISTED_ARTIST;
  const pageSql =
    sort === 'name'
      ? `select a.id, row_number() over (order by a.norm_name, a.id) as ord from artists a where ${listed}
          order by a.norm_name, a.id limit $1 offset $2`
      : `select a.id, row_number() over (order by coalesce(p.plays, 0) desc, a.norm_name, a.id) as ord
           from artists a left join (${ARTIST_PLAYS}) p on p.artist_id = a.id where ${listed}
          order by coalesce(p.plays, 0) desc, a.norm_name, a.id limit $1 offset $2`;
  const pattern = filter ? [containsPattern(filter)] : [];
  const [rows, [count], letters] = await Promise.all([
    db.query<LibraryArtistRow>(
      `select a.id, a.name, a.cover_id, f.album_count, f.song_count, f.play_count
         from (${pageSql}) pg join artists a on a.id = pg.id
         cross join lateral (
           select (select count(*)::int from (
                     select al.id from albums al where al.album_artist_id = a.id and ${HAS_SONGS}
                     union
                     select t.album_id from track_artists ta join tracks t on t.id = ta.track_id
                      where ta.artist_id = a.id and ta.role = 'primary' and t.album_id is not null) x) as album_count,
                  count(distinct t.id)::int as song_count, coalesce(sum(t.play_count), 0)::int as play_count
             from track_artists ta join tracks t on t.id = ta.track_id
            where ta.artist_id = a.id and ta.role in ('primary', 'featured')) f
        order by pg.ord`,
      [page.limit, page.offset, ...pattern],
    ),
    remember(`artists ${JSON.stringify(filter)} count`, () => db.query<{ n: number }>(`select count(*)::int as n from artists a where ${listed.replaceAll('$3', '$1')}`, pattern)),
    sort === 'name' && page.offset === 0
      ? remember(`artists ${JSON.stringify(filter)} letters`, () => selectLetters(db, 'a', `artists a where ${listed.replaceAll('$3', '$1')}`, pattern))
      : undefined,
  ]);
  return { rows, total: count?.n ?? 0, letters };
}

export interface GenreRow {
  id: string;
  name: string;
  album_count: number;
}

/**
 * Genres of albums with songs (album_genres: every genre among an album's
 * songs, lower case), by name; the name as albums spell it when one does, else
 * as a song of its first album does.
 */
const GENRES = (where: string) => `select g.genre as id,
         coalesce(min(al.genre) filter (where lower(al.genre) = g.genre),
                  (select t.genre from tracks t where t.album_id = min(g.album_id) and lower(t.genre) = g.genre limit 1),
                  g.genre) as name,
         count(*)::int as album_count
    from album_genres g join albums al on al.id = g.album_id
   where ${HAS_SONGS} ${where}
   group by g.genre`;

export async function selectGenres(db: Queryable): Promise<GenreRow[]> {
  return db.query<GenreRow>(`${GENRES('')} order by g.genre`);
}

export async function selectGenre(db: Queryable, genre: string): Promise<GenreRow | null> {
  const [row] = await db.query<GenreRow>(GENRES('and g.genre = lower($1)'), [genre]);
  return row ?? null;
}

/** The albums of a genre (any letter case), by name. */
export async function selectGenreAlbumIds(db: Queryable, genre: string, page: Page): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select g.album_id as id from album_genres g join albums al on al.id = g.album_id
      where g.genre = lower($3) and ${HAS_SONGS}
      order by g.norm_name, g.album_id limit $1 offset $2`,
    [page.limit, page.offset, genre],
  );
  return rows.map((r) => r.id);
}
