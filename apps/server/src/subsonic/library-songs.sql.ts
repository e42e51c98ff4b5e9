import type { Queryable } from '../db/db.js';
import { queryJsonIds, queryJsonRows } from '../db/json-rows.js';

/**
 * Catalogue reads in the shape Subsonic clients need: songs, genres, random
 * songs, the whole library in id order, and what a cover id names. The
 * catalogue's own queries (store/*.sql.ts) are used where they give what is
 * needed; these add the file facts (path, size, format, track and disc
 * numbers, genre) its wire shapes leave out, and the caller's favourites.
 * Albums are in library-albums.sql.ts, artists in library-artists.sql.ts.
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
  /** Scanned, ISO. */
  created: string;
  /** Made a favourite by the caller, ISO. */
  starred: string | null;
  /** The caller's 1-5 stars (setRating), or null. */
  user_rating: number | null;
  /** Primary artists in credit order. */
  artists: { id: string; name: string }[];
  track_gain_db: number | null;
  track_peak: number | null;
  album_gain_db: number | null;
  album_peak: number | null;
  bit_depth: number | null;
  bpm: number | null;
  comment: string | null;
  mbz_track_id: string | null;
  isrc: string[] | null;
  moods: string[] | null;
  explicit_status: string;
  /** When the caller last played it, ISO. */
  played: string | null;
  /** The album's album artist, when it has one. */
  album_artist: { id: string; name: string } | null;
  /** Credits but the primary ones (featured, composer...), by role, in credit order. */
  contributors: { role: string; id: string; name: string }[];
}

/**
 * Songs by id, in the order asked, unknown ids dropped. The caller's star,
 * rating and latest play, the album's loudness and album artist, and the
 * song's credits are looked up per song rather than joined:
 * with six joined tables, planning the statement took longer than running it
 * (2 to 10 ms on PGlite for a page of 20 songs).
 */
export async function selectSongs(db: Queryable, ids: readonly string[], userId: string): Promise<SongRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryJsonRows<SongRow>(
    db,
    `select t.id, t.title, t.norm_title, t.album_id, al.name as album_name, t.track_no, t.disc_no,
            coalesce(t.year, al.year) as year, coalesce(nullif(t.genre, ''), nullif(al.genre, '')) as genre,
            coalesce(t.cover_id, al.cover_id) as cover_id, t.size_bytes, t.path, t.codec, t.container,
            t.duration_s, t.bitrate_kbps, t.sample_rate, t.channels, t.play_count, t.scanned_at as created,
            (select f."$createdAt" from doc_favorite f where f."songId" = t.id and f."userId" = $2) as starred,
            (select r.rating::int from subsonic_ratings r where r.user_id = $2 and r.kind = 'song' and r.item_id = t.id) as user_rating,
            coalesce((
              select json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position)
                from track_artists ta join artists a on a.id = ta.artist_id
               where ta.track_id = t.id and ta.role = 'primary'), '[]') as artists,
            tl.track_gain_db, tl.track_peak,
            (select alo.gain_db from album_loudness alo where alo.album_id = t.album_id) as album_gain_db,
            (select alo.peak from album_loudness alo where alo.album_id = t.album_id) as album_peak,
            t.bit_depth, t.bpm, t.comment, t.mbz_track_id, t.isrc, t.moods, t.explicit_status,
            (select p.played_at from subsonic_plays p where p.user_id = $2 and p.kind = 'song' and p.item_id = t.id) as played,
            (select json_build_object('id', a.id, 'name', a.name) from artists a where a.id = al.album_artist_id) as album_artist,
            coalesce((
              select json_agg(json_build_object('role', ta.role, 'id', a.id, 'name', a.name) order by ta.role, ta.position)
                from track_artists ta join artists a on a.id = ta.artist_id
               where ta.track_id = t.id and ta.role <> 'primary'), '[]') as contributors
       from tracks t left join albums al on al.id = t.album_id
            left join track_loudness tl on tl.track_id = t.id and tl.source_key = t.size_bytes::text || '-' || t.mtime_ms::text
      where t.id = any($1::text[])`,
    [ids, userId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
  return queryJsonIds(
    db,
    `select t.id from tracks t left join albums al on al.id = t.album_id
      where ($2::text is null or lower(coalesce(nullif(t.genre, ''), al.genre)) = lower($2))
        and ($3::int is null or coalesce(t.year, al.year) >= $3)
        and ($4::int is null or coalesce(t.year, al.year) <= $4)
      order by random() limit $1`,
    [q.size, q.genre, q.fromYear, q.toYear],
  );
}

/**
 * Every track or album, in id order (the primary key's index: no sort however
 * large the library): search3 with an empty query, for clients syncing the library.
 */
export async function selectAllIds(db: Queryable, kind: 'tracks' | 'albums', limit: number, offset: number): Promise<string[]> {
  if (limit === 0) return [];
  const where = kind === 'albums' ? 'where song_count > 0' : '';
  return queryJsonIds(db, `select id from ${kind} ${where} order by id limit $1 offset $2`, [limit, offset]);
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
