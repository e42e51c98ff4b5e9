import type { SortBy, SortOrder } from '@lyra/contracts/catalogue';
import type { Queryable } from '../../db/db.js';
import { albumOrder, artistIdPage, direction } from './artist-pages.sql.js';
import { selectForIds } from './by-ids.sql.js';

export interface ArtistPictureRow {
  id: string;
  name: string;
  /** The cover their picture comes from (OWN_ALBUM_COVER), null for their generated picture. */
  cover_id: string | null;
}

/**
 * An artist's picture, as SQL for one artist whose id is `artist`: the cover of one of the albums
 * they are the album artist of, the newest with art; never a compilation's or someone else's album
 * they are featured on (whose cover is another artist's). Null when no album of theirs has art: they
 * get a picture generated from their name (media/generated-artist-picture.ts). The artist page
 * reads it live; the scanner's aggregate pass keeps artists.cover_id to it for every other list.
 */
export const OWN_ALBUM_COVER = (artist: string): string =>
  `(select al.cover_id from albums al
     where al.album_artist_id = ${artist} and al.song_count > 0 and al.cover_id is not null
     order by al.year desc nulls last, al.norm_name, al.id limit 1)`;

/** Artists with the cover their picture comes from, read live (OWN_ALBUM_COVER). */
export const selectArtistsByIds = (db: Queryable, ids: readonly string[]): Promise<ArtistPictureRow[]> =>
  selectForIds(db, ids, `select a.id, a.name, ${OWN_ALBUM_COVER('a.id')} as cover_id from artists a where a.id = any($1::text[])`,
  );

export interface ArtistFacts {
  /** Languages of the artist's tracks, most used first ('' left out). */
  languages: string[];
  /** Credits per role: primary, featured, composer... */
  roles: Record<string, number>;
}

export async function selectArtistFacts(db: Queryable, artistId: string): Promise<ArtistFacts> {
  const [langs, roles] = await Promise.all([
    db.query<{ language: string }>(
      `select t.language from track_artists ta join tracks t on t.id = ta.track_id
        where ta.artist_id = $1 and t.language <> ''
        group by t.language order by count(*) desc, t.language`,
      [artistId],
    ),
    db.query<{ role: string; n: number }>(
      `select role, count(*)::int as n from track_artists where artist_id = $1 group by role`,
      [artistId],
    ),
  ]);
  return { languages: langs.map((r) => r.language), roles: Object.fromEntries(roles.map((r) => [r.role, r.n])) };
}

/**
 * An artist's songs: those credited to them in any role, and those on albums they are the
 * album artist of (so "Various Artists" has its compilations' songs). `$1` is the artist.
 */
const ARTIST_SONGS = `select track_id as id from track_artists where artist_id = $1
   union
   select t.id from albums al join tracks t on t.album_id = al.id where al.album_artist_id = $1`;

/** Albums they are the album artist of. */
const OWN_ALBUMS = `select id from albums where album_artist_id = $1 and song_count > 0`;

/** Other albums with a song they perform or are featured on: compilations, others' albums. */
const APPEARS_ON = `select distinct t.album_id as id
   from track_artists ta join tracks t on t.id = ta.track_id join albums al on al.id = t.album_id
  where ta.artist_id = $1 and ta.role in ('primary', 'featured') and al.album_artist_id is distinct from $1`;

// Popularity is always most played first, ties in album order (oldest album first, then disc and
// track): a "top songs" list read backwards is of no use, and the reference's upstream ignores the
// order there too.
const ALBUM_ORDER_OF_TRACKS = 'al.year nulls last, al.norm_name nulls last, al.id nulls last, coalesce(t.disc_no, 1), t.track_no nulls last, t.norm_title, t.id';
const TRACK_ORDER: Record<SortBy, (dir: 'asc' | 'desc') => string> = {
  popularity: () => `t.play_count desc, ${ALBUM_ORDER_OF_TRACKS}`,
  latest: (dir) => `coalesce(t.year, al.year) ${dir} nulls last, t.release_date ${dir} nulls last, t.norm_title, t.id`,
  alphabetical: (dir) => `t.norm_title ${dir}, t.id ${dir}`,
};

/** The artist's songs (ARTIST_SONGS), one page, with the total. */
export const selectArtistTrackIds = artistIdPage(
  (sort) => `select t.id, count(*) over ()::int as total
       from tracks t left join albums al on al.id = t.album_id
      where t.id in (${ARTIST_SONGS})
      order by ${TRACK_ORDER[sort.by](direction(sort))}
      limit $2 offset $3`,
  ARTIST_SONGS,
);

/** One page of the artist's own albums, or of the albums they appear on. */
export async function selectArtistAlbumPage(
  db: Queryable,
  artistId: string,
  which: 'own' | 'appearsOn',
  sort: { by: SortBy; order: SortOrder },
  limit: number,
  offset: number,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select al.id from albums al
      where al.id in (${which === 'own' ? OWN_ALBUMS : APPEARS_ON})
      order by ${albumOrder(sort, 'al.play_count desc, al.year desc nulls last')}
      limit $2 offset $3`,
    [artistId, limit, offset],
  );
  return rows.map((r) => r.id);
}

export interface ArtistTotalsRow {
  songs: number;
  duration_s: number;
  albums: number;
  appears_on: number;
}

/** The artist's whole catalogue, counted (not a page of it). */
export async function selectArtistTotals(db: Queryable, artistId: string): Promise<ArtistTotalsRow> {
  const [row] = await db.query<ArtistTotalsRow>(
    `select count(*)::int as songs, coalesce(sum(t.duration_s), 0)::float8 as duration_s,
            (select count(*)::int from (${OWN_ALBUMS}) o) as albums,
            (select count(*)::int from (${APPEARS_ON}) a) as appears_on
       from tracks t where t.id in (${ARTIST_SONGS})`,
    [artistId],
  );
  return row ?? { songs: 0, duration_s: 0, albums: 0, appears_on: 0 };
}

/**
 * Artists who share the most genres with this one (then the most tracks in
 * them), as a stand-in for the upstream's "similar artists": their ids, most similar first.
 */
export async function selectSimilarArtistIds(db: Queryable, artistId: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `with genres as (
       select distinct t.genre from track_artists ta join tracks t on t.id = ta.track_id
        where ta.artist_id = $1 and t.genre is not null and t.genre <> '')
     select a.id
       from genres g
       join tracks t on t.genre = g.genre
       join track_artists ta on ta.track_id = t.id and ta.role in ('primary', 'featured')
       join artists a on a.id = ta.artist_id
      where a.id <> $1
      group by a.id, a.norm_name
      order by count(distinct t.genre) desc, count(*) desc, a.norm_name, a.id
      limit $2`,
    [artistId, limit],
  );
  return rows.map((r) => r.id);
}
