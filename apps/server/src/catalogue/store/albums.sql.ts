import type { Queryable } from '../../db/db.js';
import type { SortBy, SortOrder } from '@lyra/contracts/catalogue';

export interface AlbumRow {
  id: string;
  name: string;
  year: number | null;
  language: string;
  cover_id: string | null;
  artist_id: string | null;
  artist_name: string | null;
  artist_cover_id: string | null;
  song_count: number;
  play_count: number;
  explicit: boolean;
}

/** Albums with their album artist and what their tracks add up to. */
export async function selectAlbumsByIds(db: Queryable, ids: readonly string[]): Promise<AlbumRow[]> {
  if (ids.length === 0) return [];
  return db.query<AlbumRow>(
    `select al.id, al.name, al.year, al.language, al.cover_id,
            ar.id as artist_id, ar.name as artist_name, ar.cover_id as artist_cover_id,
            s.song_count, s.play_count, s.explicit
       from albums al
       left join artists ar on ar.id = al.album_artist_id
       cross join lateral (
         select count(*)::int as song_count, coalesce(sum(t.play_count), 0)::int as play_count,
                coalesce(bool_or(t.explicit), false) as explicit
           from tracks t where t.album_id = al.id) s
      where al.id = any($1::text[])`,
    [ids],
  );
}

export interface AlbumArtistRow {
  album_id: string;
  id: string;
  name: string;
  cover_id: string | null;
}

/**
 * For albums without an album artist: the primary artists of their tracks,
 * most credited first (a compilation lists its main performers).
 */
export async function selectAlbumTrackArtists(db: Queryable, albumIds: readonly string[]): Promise<AlbumArtistRow[]> {
  if (albumIds.length === 0) return [];
  return db.query<AlbumArtistRow>(
    `select t.album_id, a.id, a.name, a.cover_id
       from tracks t
       join track_artists ta on ta.track_id = t.id and ta.role = 'primary'
       join artists a on a.id = ta.artist_id
      where t.album_id = any($1::text[])
      group by t.album_id, a.id, a.name, a.cover_id
      order by t.album_id, count(*) desc, a.name, a.id`,
    [albumIds],
  );
}

/**
 * An album's tracks in disc and track order, then by file name as a person
 * reads it ("Track2" before "Track10", migrations/catalogue/0720) (catalogue-api.md §3.7).
 */
export async function selectAlbumTrackIds(db: Queryable, albumIds: readonly string[]): Promise<{ album_id: string; id: string }[]> {
  if (albumIds.length === 0) return [];
  return db.query(
    `select album_id, id from tracks
      where album_id = any($1::text[])
      order by album_id, coalesce(disc_no, 1), track_no nulls last, file_order, id`,
    [albumIds],
  );
}

const ALBUM_ORDER: Record<SortBy, (dir: string) => string> = {
  popularity: () => 'plays desc, al.norm_name, al.id',
  latest: (dir) => `al.year ${dir} nulls last, al.norm_name, al.id`,
  alphabetical: (dir) => `al.norm_name ${dir}, al.id`,
};

/** Albums the artist made or appears on, one page, with the total. */
export async function selectArtistAlbumIds(
  db: Queryable,
  artistId: string,
  sort: { by: SortBy; order: SortOrder },
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const rows = await db.query<{ id: string; total: number }>(
    `with mine as (
       select id from albums where album_artist_id = $1
       union
       select t.album_id from track_artists ta join tracks t on t.id = ta.track_id
        where ta.artist_id = $1 and t.album_id is not null)
     select al.id, count(*) over ()::int as total
       from albums al join mine on mine.id = al.id
       cross join lateral (select coalesce(sum(play_count), 0) as plays from tracks where album_id = al.id) p
      order by ${ALBUM_ORDER[sort.by](sort.order === 'desc' ? 'desc' : 'asc')}
      limit $2 offset $3`,
    [artistId, limit, offset],
  );
  if (rows.length > 0 || offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select id from albums where album_artist_id = $1
       union
       select t.album_id from track_artists ta join tracks t on t.id = ta.track_id
        where ta.artist_id = $1 and t.album_id is not null) mine`,
    [artistId],
  );
  return { ids: [], total: count?.n ?? 0 };
}
