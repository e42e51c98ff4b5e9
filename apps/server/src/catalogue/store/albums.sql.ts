import type { Queryable } from '../../db/db.js';
import { albumOrder, artistIdPage } from './artist-pages.sql.js';
import { selectForIds } from './by-ids.sql.js';
import { TRACK_TOTALS, TRACK_TOTALS_COLUMNS, type TrackTotalsRow } from './track-totals.sql.js';

export interface AlbumRow extends TrackTotalsRow {
  id: string;
  name: string;
  year: number | null;
  language: string;
  cover_id: string | null;
  artist_id: string | null;
  artist_name: string | null;
  artist_cover_id: string | null;
}

/** Albums with their album artist and what their tracks add up to. */
export const selectAlbumsByIds = (db: Queryable, ids: readonly string[]): Promise<AlbumRow[]> =>
  selectForIds(db, ids, `select al.id, al.name, al.year, al.language, al.cover_id,
            ar.id as artist_id, ar.name as artist_name, ar.cover_id as artist_cover_id,
            ${TRACK_TOTALS_COLUMNS}
       from albums al
       left join artists ar on ar.id = al.album_artist_id
       ${TRACK_TOTALS('tracks t where t.album_id = al.id')}
      where al.id = any($1::text[])`,
  );

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
export const selectAlbumTrackArtists = (db: Queryable, albumIds: readonly string[]): Promise<AlbumArtistRow[]> =>
  selectForIds(db, albumIds, `select t.album_id, a.id, a.name, a.cover_id
       from tracks t
       join track_artists ta on ta.track_id = t.id and ta.role = 'primary'
       join artists a on a.id = ta.artist_id
      where t.album_id = any($1::text[])
      group by t.album_id, a.id, a.name, a.cover_id
      order by t.album_id, count(*) desc, a.name, a.id`,
  );

/**
 * An album's tracks in disc and track order, then by file name as a person
 * reads it ("Track2" before "Track10", migrations/catalogue/0720) (catalogue-api.md §3.7).
 */
export const selectAlbumTrackIds = (db: Queryable, albumIds: readonly string[]): Promise<{ album_id: string; id: string }[]> =>
  selectForIds(db, albumIds, `select album_id, id from tracks
      where album_id = any($1::text[])
      order by album_id, coalesce(disc_no, 1), track_no nulls last, file_order, id`,
  );

/** Albums they are the album artist of, or have a track on in any role. `$1` is the artist. */
const CREDITED_ALBUMS = `select id from albums where album_artist_id = $1
       union
       select t.album_id from track_artists ta join tracks t on t.id = ta.track_id
        where ta.artist_id = $1 and t.album_id is not null`;

/** Albums the artist made or appears on, one page, with the total. */
export const selectArtistAlbumIds = artistIdPage(
  (sort) => `with mine as (${CREDITED_ALBUMS})
     select al.id, count(*) over ()::int as total
       from albums al join mine on mine.id = al.id
       cross join lateral (select coalesce(sum(play_count), 0) as plays from tracks where album_id = al.id) p
      order by ${albumOrder(sort, 'plays desc')}
      limit $2 offset $3`,
  CREDITED_ALBUMS,
);
