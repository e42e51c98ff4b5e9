import type { Queryable } from '../../db/db.js';

/** What a video render needs to know about a catalogue track: its file, cover and codec. */
export interface SongRow {
  id: string;
  /** Relative to MUSIC_DIR, '/'-separated. */
  path: string;
  title: string;
  duration_s: number | null;
  /** The track's own cover, else its album's. */
  cover_id: string | null;
  codec: string | null;
  bitrate_kbps: number | null;
}

export async function selectSong(db: Queryable, id: string): Promise<SongRow | null> {
  const [row] = await db.query<SongRow>(
    `select t.id, t.path, t.title, t.duration_s, coalesce(t.cover_id, al.cover_id) as cover_id,
            t.codec, t.bitrate_kbps
       from tracks t left join albums al on al.id = t.album_id
      where t.id = $1`,
    [id],
  );
  return row ?? null;
}

/** The shortest songs of the library (set-up renders demo previews for a few). */
export async function selectShortestSongs(db: Queryable, limit: number, minS = 20): Promise<SongRow[]> {
  return db.query<SongRow>(
    `select t.id, t.path, t.title, t.duration_s, coalesce(t.cover_id, al.cover_id) as cover_id,
            t.codec, t.bitrate_kbps
       from tracks t left join albums al on al.id = t.album_id
      where t.duration_s >= $2
      order by (coalesce(t.cover_id, al.cover_id) is null), t.duration_s, t.id
      limit $1`,
    [limit, minS],
  );
}
