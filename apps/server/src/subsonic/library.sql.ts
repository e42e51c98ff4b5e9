import type { Queryable } from '../db/db.js';

/**
 * Catalogue reads in the shape Subsonic clients need. The catalogue's own
 * queries (store/*.sql.ts) are used where they give what is needed; these add
 * the file facts (path, size, format, track and disc numbers, genre) its wire
 * shapes leave out, and the caller's favourites.
 */

export interface SongRow {
  id: string;
  title: string;
  norm_title: string;
  album_id: string | null;
  album_name: string | null;
  track_no: number | null;
  disc_no: number | null;
  year: number | null;
  genre: string | null;
  cover_id: string | null;
  size_bytes: number;
  path: string;
  codec: string | null;
  container: string | null;
  duration_s: number | null;
  bitrate_kbps: number | null;
  sample_rate: number | null;
  channels: number | null;
  play_count: number;
  created: Date;
  starred: Date | null;
  /** The caller's 1-5 stars (setRating), or null. */
  user_rating: number | null;
  /** Primary artists in credit order. */
  artists: { id: string; name: string }[];
  track_gain_db: number | null;
  track_peak: number | null;
  album_gain_db: number | null;
  album_peak: number | null;
}

/** Songs by id, in the order asked, unknown ids dropped. */
export async function selectSongs(db: Queryable, ids: readonly string[], userId: string): Promise<SongRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<SongRow>(
    `select t.id, t.title, t.norm_title, t.album_id, al.name as album_name, t.track_no, t.disc_no,
            coalesce(t.year, al.year) as year, coalesce(nullif(t.genre, ''), nullif(al.genre, '')) as genre,
            coalesce(t.cover_id, al.cover_id) as cover_id, t.size_bytes, t.path, t.codec, t.container,
            t.duration_s, t.bitrate_kbps, t.sample_rate, t.channels, t.play_count, t.scanned_at as created,
            f."$createdAt" as starred, r.rating::int as user_rating,
            coalesce((
              select json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position)
                from track_artists ta join artists a on a.id = ta.artist_id
               where ta.track_id = t.id and ta.role = 'primary'), '[]') as artists,
            tl.track_gain_db, tl.track_peak, alo.gain_db as album_gain_db, alo.peak as album_peak
       from tracks t left join albums al on al.id = t.album_id
            left join track_loudness tl on tl.track_id = t.id and tl.source_key = t.size_bytes::text || '-' || t.mtime_ms::text
            left join album_loudness alo on alo.album_id = t.album_id
            left join doc_favorite f on f."songId" = t.id and f."userId" = $2
            left join subsonic_ratings r on r.user_id = $2 and r.kind = 'song' and r.item_id = t.id
      where t.id = any($1::text[])`,
    [ids, userId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

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
  created: Date;
}

/** An album row with its album artist: the album keeps its song count, length, plays and first scan. */
const ALBUM_ROW = `select al.id, al.name, al.norm_name, al.year, nullif(al.genre, '') as genre, al.cover_id,
                          ar.id as artist_id, ar.name as artist_name,
                          al.song_count, al.duration_s, al.play_count, al.first_seen_at as created
                     from albums al left join artists ar on ar.id = al.album_artist_id`;

/** Albums with songs (others are left from older scans): the catalogue keeps song_count as tracks are written. */
const HAS_SONGS = 'al.song_count > 0';

/** Albums that hold at least one track, by id, in the order asked. */
export async function selectAlbums(db: Queryable, ids: readonly string[]): Promise<AlbumRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<AlbumRow>(`${ALBUM_ROW} where al.id = any($1::text[]) and ${HAS_SONGS}`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

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
      return db.query<AlbumRow>(`${ALBUM_ROW} where ${HAS_SONGS} order by random() limit $1 offset $2`, page);
    case 'newest':
    case 'frequent':
    case 'recent':
    case 'alphabeticalByName':
      return db.query<AlbumRow>(`${ALBUM_ROW} where ${HAS_SONGS} order by ${INDEX_ORDER[order.kind]} limit $1 offset $2`, page);
    case 'byYear': {
      const dir = order.from > order.to ? 'desc' : 'asc';
      return db.query<AlbumRow>(
        `${ALBUM_ROW} where al.year between $3 and $4 and ${HAS_SONGS}
          order by al.year ${dir}, al.norm_name, al.id limit $1 offset $2`,
        [...page, Math.min(order.from, order.to), Math.max(order.from, order.to)],
      );
    }
    case 'alphabeticalByArtist':
      // Artists by name, each one's albums by year and name; albums without an album artist last.
      return selectAlbums(db, await pageIds(db, `select id from (
          (select al.id, 0 as part, ar.norm_name as artist, al.year, al.norm_name
             from artists ar join albums al on al.album_artist_id = ar.id
            where ${HAS_SONGS}
            order by ar.norm_name, al.year nulls last, al.norm_name, al.id limit $1::int + $2::int)
          union all
          (select al.id, 1, null, al.year, al.norm_name from albums al
            where al.album_artist_id is null and ${HAS_SONGS}
            order by al.year nulls last, al.norm_name, al.id limit $1::int + $2::int)) x
        order by part, artist, year nulls last, norm_name, id limit $1 offset $2`, page));
    case 'byGenre':
      // The album's genre or any of its songs', in any letter case.
      return selectAlbums(db, await pageIds(db, `select al.id from albums al
          where al.id in (select g.id from albums g where lower(g.genre) = lower($3)
                          union select t.album_id from tracks t where lower(t.genre) = lower($3))
            and ${HAS_SONGS}
          order by al.norm_name, al.id limit $1 offset $2`, [...page, order.genre]));
    case 'starred':
      // Starred albums and albums holding a favourite song.
      return selectAlbums(db, await pageIds(db, `select al.id from albums al
          where al.id in (select st.item_id from subsonic_stars st where st.user_id = $3 and st.kind = 'album'
                          union select t.album_id from doc_favorite f join tracks t on t.id = f."songId" where f."userId" = $3)
            and ${HAS_SONGS}
          order by al.norm_name, al.id limit $1 offset $2`, [...page, order.userId]));
    case 'highest':
      // The caller's rated albums, best first.
      return selectAlbums(db, await pageIds(db, `select al.id from albums al
          join subsonic_ratings r on r.user_id = $3 and r.kind = 'album' and r.item_id = al.id
         where ${HAS_SONGS}
         order by r.rating desc, r.updated_at desc, al.norm_name, al.id limit $1 offset $2`, [...page, order.userId]));
  }
}

async function pageIds(db: Queryable, sql: string, params: unknown[]): Promise<string[]> {
  return (await db.query<{ id: string }>(sql, params)).map((r) => r.id);
}

export interface ArtistRow {
  id: string;
  name: string;
  norm_name: string;
  cover_id: string | null;
  album_count: number;
}

/**
 * Artists who have albums (album artists, and primary artists of tracks on an
 * album), by name; or the artists `ids` names, in that order, albums or not.
 * `album_count` counts both kinds of albums.
 */
export async function selectArtists(db: Queryable, ids: readonly string[] | null = null): Promise<ArtistRow[]> {
  if (ids != null) return selectArtistsByIds(db, ids);
  return db.query<ArtistRow>(
    `with credited as (
       select al.album_artist_id as artist_id, al.id as album_id from albums al
        where al.album_artist_id is not null and exists (select 1 from tracks t where t.album_id = al.id)
       union
       select ta.artist_id, t.album_id from track_artists ta join tracks t on t.id = ta.track_id
        where ta.role = 'primary' and t.album_id is not null)
     select a.id, a.name, a.norm_name, a.cover_id, count(distinct c.album_id)::int as album_count
       from artists a join credited c on c.artist_id = a.id
      group by a.id, a.name, a.norm_name, a.cover_id
      order by a.norm_name, a.id`,
  );
}

/** The artists `ids` names, in that order (albums or not): only their own credits are read. */
async function selectArtistsByIds(db: Queryable, ids: readonly string[]): Promise<ArtistRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<ArtistRow>(
    `select a.id, a.name, a.norm_name, a.cover_id,
            (select count(*)::int from (
               select al.id from albums al
                where al.album_artist_id = a.id and exists (select 1 from tracks t where t.album_id = al.id)
               union
               select t.album_id from track_artists ta join tracks t on t.id = ta.track_id
                where ta.artist_id = a.id and ta.role = 'primary' and t.album_id is not null) c) as album_count
       from artists a
      where a.id = any($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An artist's albums (album artist or primary credit), oldest first. */
export async function selectArtistAlbumIds(db: Queryable, artistId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select al.id from albums al
      where (al.album_artist_id = $1
             or exists (select 1 from tracks t join track_artists ta on ta.track_id = t.id
                         where t.album_id = al.id and ta.artist_id = $1 and ta.role = 'primary'))
        and exists (select 1 from tracks t where t.album_id = al.id)
      order by al.year nulls last, al.norm_name, al.id`,
    [artistId],
  );
  return rows.map((r) => r.id);
}

export interface GenreRow {
  value: string;
  song_count: number;
  album_count: number;
}

export async function selectGenres(db: Queryable): Promise<GenreRow[]> {
  return db.query<GenreRow>(
    `select g.genre as value, count(*)::int as song_count, count(distinct g.album_id)::int as album_count
       from (select coalesce(nullif(t.genre, ''), nullif(al.genre, '')) as genre, t.album_id
               from tracks t left join albums al on al.id = t.album_id) g
      where g.genre is not null
      group by g.genre
      order by g.genre`,
  );
}

export async function selectRandomSongIds(
  db: Queryable,
  q: { size: number; genre: string | null; fromYear: number | null; toYear: number | null },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select t.id from tracks t left join albums al on al.id = t.album_id
      where ($2::text is null or lower(coalesce(nullif(t.genre, ''), al.genre)) = lower($2))
        and ($3::int is null or coalesce(t.year, al.year) >= $3)
        and ($4::int is null or coalesce(t.year, al.year) <= $4)
      order by random() limit $1`,
    [q.size, q.genre, q.fromYear, q.toYear],
  );
  return rows.map((r) => r.id);
}

/**
 * Every track or album, in id order (the primary key's index: no sort however
 * large the library): search3 with an empty query, for clients syncing the library.
 */
export async function selectAllIds(db: Queryable, kind: 'tracks' | 'albums', limit: number, offset: number): Promise<string[]> {
  if (limit === 0) return [];
  const where = kind === 'albums' ? 'where song_count > 0' : '';
  const rows = await db.query<{ id: string }>(`select id from ${kind} ${where} order by id limit $1 offset $2`, [limit, offset]);
  return rows.map((r) => r.id);
}

/** What a cover request may name besides a cover id: a song or an album (some clients send those). */
export async function selectCoverOf(db: Queryable, id: string): Promise<{ cover_id: string | null; album_id: string | null; album_name: string | null } | null> {
  const [row] = await db.query<{ cover_id: string | null; album_id: string | null; album_name: string | null }>(
    `select coalesce(t.cover_id, al.cover_id) as cover_id, al.id as album_id, al.name as album_name
       from tracks t left join albums al on al.id = t.album_id where t.id = $1
     union all
     select al.cover_id, al.id, al.name from albums al where al.id = $1
     union all
     select a.cover_id, null, null from artists a where a.id = $1
     limit 1`,
    [id],
  );
  return row ?? null;
}
