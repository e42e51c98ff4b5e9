import type { Queryable } from '../../db/db.js';
import { queryJsonIds, queryJsonRows } from '../../db/json-rows.js';

/**
 * Songs with the file facts Subsonic apps show (path, size, format, track and disc numbers, genre, loudness,
 * credits) that the catalogue's wire shapes leave out; genres with their counts, random songs, and what a
 * cover request names. Nothing of a listener's own: Subsonic adds their stars, ratings and plays.
 */

export interface SongDetails {
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
  /** The album's album artist, when it has one. */
  album_artist: { id: string; name: string } | null;
  /** Credits but the primary ones (featured, composer...), by role, in credit order. */
  contributors: { role: string; id: string; name: string }[];
}

/**
 * Songs by id, in the order asked, unknown ids dropped. The album's loudness and album artist, and the
 * song's credits, are looked up per song rather than joined: with six joined tables, planning the statement
 * took longer than running it (2 to 10 ms on PGlite for a page of 20 songs).
 */
export async function selectSongDetails(db: Queryable, ids: readonly string[]): Promise<SongDetails[]> {
  if (ids.length === 0) return [];
  const rows = await queryJsonRows<SongDetails>(
    db,
    `select t.id, t.title, t.norm_title, t.album_id, al.name as album_name, t.track_no, t.disc_no,
            coalesce(t.year, al.year) as year, coalesce(nullif(t.genre, ''), nullif(al.genre, '')) as genre,
            coalesce(t.cover_id, al.cover_id) as cover_id, t.size_bytes, t.path, t.codec, t.container,
            t.duration_s, t.bitrate_kbps, t.sample_rate, t.channels, t.play_count, t.scanned_at as created,
            coalesce((
              select json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position)
                from track_artists ta join artists a on a.id = ta.artist_id
               where ta.track_id = t.id and ta.role = 'primary'), '[]') as artists,
            tl.track_gain_db, tl.track_peak,
            (select alo.gain_db from album_loudness alo where alo.album_id = t.album_id) as album_gain_db,
            (select alo.peak from album_loudness alo where alo.album_id = t.album_id) as album_peak,
            t.bit_depth, t.bpm, t.comment, t.mbz_track_id, t.isrc, t.moods, t.explicit_status,
            (select json_build_object('id', a.id, 'name', a.name) from artists a where a.id = al.album_artist_id) as album_artist,
            coalesce((
              select json_agg(json_build_object('role', ta.role, 'id', a.id, 'name', a.name) order by ta.role, ta.position)
                from track_artists ta join artists a on a.id = ta.artist_id
               where ta.track_id = t.id and ta.role <> 'primary'), '[]') as contributors
       from tracks t left join albums al on al.id = t.album_id
            left join track_loudness tl on tl.track_id = t.id and tl.source_key = t.size_bytes::text || '-' || t.mtime_ms::text
      where t.id = any($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface GenreCountRow {
  value: string;
  song_count: number;
  album_count: number;
}

export async function selectGenreCounts(db: Queryable): Promise<GenreCountRow[]> {
  return db.query<GenreCountRow>(
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
