import type { Queryable } from '../../db/db.js';
import { selectForIds } from './by-ids.sql.js';
import { TRACK_TOTALS, TRACK_TOTALS_COLUMNS, type TrackTotalsRow } from './track-totals.sql.js';

export interface PlaylistRow extends TrackTotalsRow {
  id: string;
  name: string;
  description: string | null;
  source: string;
  language: string;
  /** The playlist's own cover, else the first track's that has one. */
  cover_id: string | null;
}

export const selectPlaylistsByIds = (db: Queryable, ids: readonly string[]): Promise<PlaylistRow[]> =>
  selectForIds(db, ids, `select p.id, p.name, p.description, p.source, p.language,
            coalesce(p.cover_id, (
              select coalesce(t.cover_id, al.cover_id) from playlist_tracks pt
                join tracks t on t.id = pt.track_id left join albums al on al.id = t.album_id
               where pt.playlist_id = p.id and coalesce(t.cover_id, al.cover_id) is not null
               order by pt.position limit 1)) as cover_id,
            ${TRACK_TOTALS_COLUMNS}
       from playlists p
       ${TRACK_TOTALS('playlist_tracks pt join tracks t on t.id = pt.track_id where pt.playlist_id = p.id')}
      where p.id = any($1::text[])`,
  );

/** One page of a playlist's tracks, in playlist order. */
export async function selectPlaylistTrackIds(db: Queryable, playlistId: string, limit: number, offset: number): Promise<string[]> {
  const rows = await db.query<{ track_id: string }>(
    `select track_id from playlist_tracks where playlist_id = $1 order by position limit $2 offset $3`,
    [playlistId, limit, offset],
  );
  return rows.map((r) => r.track_id);
}

/** The people a playlist features: primary artists of its tracks, most frequent first. */
export async function selectPlaylistArtists(
  db: Queryable,
  playlistId: string,
  limit: number,
): Promise<{ id: string; name: string; cover_id: string | null }[]> {
  return db.query(
    `select a.id, a.name, a.cover_id
       from playlist_tracks pt
       join track_artists ta on ta.track_id = pt.track_id and ta.role = 'primary'
       join artists a on a.id = ta.artist_id
      where pt.playlist_id = $1
      group by a.id, a.name, a.cover_id
      order by count(*) desc, min(pt.position), a.id
      limit $2`,
    [playlistId, limit],
  );
}

/** Playlists of one source ('curated' or 'm3u'), by name. */
export async function selectPlaylistIdsBySource(db: Queryable, source: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select p.id from playlists p
      where p.source = $1 and exists (select 1 from playlist_tracks pt where pt.playlist_id = p.id)
      order by p.norm_name, p.id limit $2`,
    [source, limit],
  );
  return rows.map((r) => r.id);
}
