import type { Queryable } from '../../db/db.js';

/**
 * Subsonic's "info" and "similar" methods' reads (through catalogue/module.ts): who an id is about, artists
 * sharing albums or genres, an artist's songs by name, songs of a genre.
 */

/** Artists credited on an artist, album or song id: the artist itself; the album artist, else its tracks' primary artists; a song's primary artists. */
export async function selectArtistsOfId(db: Queryable, id: string): Promise<string[]> {
  const rows = await db.query<{ artist_id: string }>(
    `select a.id as artist_id, 0 as k, 0 as pos from artists a where a.id = $1
     union all
     select al.album_artist_id, 1, 0 from albums al where al.id = $1 and al.album_artist_id is not null
     union all
     select ta.artist_id, 2, min(ta.position) from tracks t join track_artists ta on ta.track_id = t.id and ta.role = 'primary'
      where t.album_id = $1 and not exists (select 1 from albums al where al.id = $1 and al.album_artist_id is not null)
      group by ta.artist_id
     union all
     select ta.artist_id, 3, ta.position from track_artists ta where ta.track_id = $1 and ta.role = 'primary'
     order by 2, 3, 1`,
    [id],
  );
  return [...new Set(rows.map((r) => r.artist_id))];
}

/**
 * Artists who share albums (credited on the same albums) or genres with
 * `artistIds`, most shared albums first, then most shared genres, then most
 * songs in them; `artistIds` themselves are left out.
 */
export async function selectSimilarArtistIds(db: Queryable, artistIds: readonly string[], limit: number): Promise<string[]> {
  if (artistIds.length === 0 || limit <= 0) return [];
  const rows = await db.query<{ id: string }>(
    `with mine as (
       select t.album_id, coalesce(nullif(t.genre, ''), nullif(al.genre, '')) as genre
         from track_artists ta join tracks t on t.id = ta.track_id left join albums al on al.id = t.album_id
        where ta.artist_id = any($1::text[])),
     my_albums as (select distinct album_id from mine where album_id is not null),
     my_genres as (select distinct genre from mine where genre is not null),
     theirs as (
       select ta.artist_id, t.album_id, coalesce(nullif(t.genre, ''), nullif(al.genre, '')) as genre
         from tracks t join track_artists ta on ta.track_id = t.id and ta.role in ('primary', 'featured')
         left join albums al on al.id = t.album_id
        where t.album_id in (select album_id from my_albums)
           or coalesce(nullif(t.genre, ''), nullif(al.genre, '')) in (select genre from my_genres))
     select th.artist_id as id
       from theirs th join artists a on a.id = th.artist_id
      where th.artist_id <> all($1::text[])
      group by th.artist_id, a.norm_name
      order by count(distinct th.album_id) filter (where th.album_id in (select album_id from my_albums)) desc,
               count(distinct th.genre) filter (where th.genre in (select genre from my_genres)) desc,
               count(*) desc, a.norm_name, th.artist_id
      limit $2`,
    [artistIds, limit],
  );
  return rows.map((r) => r.id);
}

/** Songs whose primary or featured artists include `artistIds`, in random order, `exclude` left out. */
export async function selectRandomSongsOf(
  db: Queryable,
  artistIds: readonly string[],
  exclude: readonly string[],
  limit: number,
): Promise<string[]> {
  if (artistIds.length === 0 || limit <= 0) return [];
  const rows = await db.query<{ id: string }>(
    `select t.id from tracks t
      where t.id in (select track_id from track_artists where artist_id = any($1::text[]) and role in ('primary', 'featured'))
        and t.id <> all($2::text[])
      order by random() limit $3`,
    [artistIds, exclude, limit],
  );
  return rows.map((r) => r.id);
}

/** The artist of that name (any letter case; the exact spelling first, then the one with most credits). */
export async function selectArtistIdByName(db: Queryable, name: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select a.id from artists a
      where lower(a.name) = lower($1)
      order by (a.name = $1) desc, (select count(*) from track_artists ta where ta.artist_id = a.id) desc, a.id
      limit 1`,
    [name],
  );
  return row?.id ?? null;
}

/** Songs of a genre (the track's, else its album's; any letter case), by album, disc and track. */
export async function selectSongIdsByGenre(db: Queryable, genre: string, limit: number, offset: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db.query<{ id: string }>(
    `select t.id from tracks t left join albums al on al.id = t.album_id
      where lower(coalesce(nullif(t.genre, ''), nullif(al.genre, ''))) = lower($1)
      order by al.norm_name nulls last, t.album_id, t.disc_no nulls first, t.track_no nulls first, t.norm_title, t.id
      limit $2 offset $3`,
    [genre, limit, offset],
  );
  return rows.map((r) => r.id);
}

/** The album of an album or song id, for getAlbumInfo. */
export async function selectAlbumIdOf(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select al.id from albums al where al.id = $1
     union all
     select t.album_id from tracks t where t.id = $1 and t.album_id is not null
     limit 1`,
    [id],
  );
  return row?.id ?? null;
}
