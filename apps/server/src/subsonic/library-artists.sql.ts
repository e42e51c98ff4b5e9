import type { Queryable } from '../db/db.js';

/** Artists in the shape Subsonic clients need: the artists index, by id, and an artist's albums. */

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
