import type { Queryable } from '../../db/db.js';

/** Artists in the shape Subsonic clients need (through catalogue/module.ts): the artists index, by id, and an artist's albums. */

export interface ArtistRow {
  id: string;
  name: string;
  norm_name: string;
  cover_id: string | null;
  album_count: number;
  /** For an artist without a cover: one of its albums (the lowest id), whose cover stands in. */
  album_id: string | null;
  album_name: string | null;
}

/**
 * Who an artist index lists:
 * - `credited`: album artists, and primary artists of tracks on an album (getArtists, search3);
 * - `albumArtists`: the artists albums are filed under, as a folder browse shows them (getIndexes):
 *   the album artist, else (an album without one) its tracks' primary artists; so the performers
 *   of a compilation's songs are not listed, and an album is under as few artists as it can be.
 */
export type ArtistScope = 'credited' | 'albumArtists';

/**
 * Albums with songs and the artists each is credited to, per scope: of the artist `artist`
 * names (an SQL expression), or of every artist (null). The condition is left out rather
 * than made `is null or`, which would keep the planner from the indexes.
 */
const CREDITS: Record<ArtistScope, (artist: string | null) => string> = {
  credited: (artist) => `
       select al.album_artist_id as artist_id, al.id as album_id from albums al
        where al.album_artist_id is not null and al.song_count > 0 ${artist ? `and al.album_artist_id = ${artist}` : ''}
       union
       select ta.artist_id, t.album_id from track_artists ta join tracks t on t.id = ta.track_id
        where ta.role = 'primary' and t.album_id is not null ${artist ? `and ta.artist_id = ${artist}` : ''}`,
  albumArtists: (artist) => `
       select al.album_artist_id as artist_id, al.id as album_id from albums al
        where al.album_artist_id is not null and al.song_count > 0 ${artist ? `and al.album_artist_id = ${artist}` : ''}
       union
       select ta.artist_id, t.album_id from albums al join tracks t on t.album_id = al.id
              join track_artists ta on ta.track_id = t.id and ta.role = 'primary'
        where al.album_artist_id is null and al.song_count > 0 ${artist ? `and ta.artist_id = ${artist}` : ''}`,
};

/**
 * The artists of `scope` who have albums, by name; or the artists `ids` names, in that
 * order, albums or not. `album_count` counts the albums of the scope.
 */
export async function selectArtists(db: Queryable, ids: readonly string[] | null = null, scope: ArtistScope = 'credited'): Promise<ArtistRow[]> {
  if (ids != null) return selectArtistsByIds(db, ids, scope);
  return db.query<ArtistRow>(
    `with credited as (${CREDITS[scope](null)}),
     listed as (
       select a.id, a.name, a.norm_name, a.cover_id, count(distinct c.album_id)::int as album_count,
              case when a.cover_id is null then min(c.album_id) end as album_id
         from artists a join credited c on c.artist_id = a.id
        group by a.id, a.name, a.norm_name, a.cover_id)
     select l.*, al.name as album_name from listed l left join albums al on al.id = l.album_id
      order by l.norm_name, l.id`,
  );
}

/** The artists `ids` names, in that order (albums or not): only their own credits are read. */
async function selectArtistsByIds(db: Queryable, ids: readonly string[], scope: ArtistScope): Promise<ArtistRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<ArtistRow>(
    `select a.id, a.name, a.norm_name, a.cover_id, c.album_count, c.album_id, al.name as album_name
       from artists a
       cross join lateral (
         select count(*)::int as album_count, case when a.cover_id is null then min(x.album_id) end as album_id
           from (${CREDITS[scope]('a.id')}) x) c
       left join albums al on al.id = c.album_id
      where a.id = any($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An artist's albums (of the scope: as album artist or primary credit, or filed under it), oldest first. */
export async function selectArtistAlbumIds(db: Queryable, artistId: string, scope: ArtistScope = 'credited'): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select al.id from albums al
      where al.id in (select album_id from (${CREDITS[scope]('$1::text')}) c)
      order by al.year nulls last, al.norm_name, al.id`,
    [artistId],
  );
  return rows.map((r) => r.id);
}
