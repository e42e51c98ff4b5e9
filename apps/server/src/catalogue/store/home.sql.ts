import type { Queryable } from '../../db/db.js';

/** Track lists for Home rows (home-rows.ts). Every order ends on the id, so rows are stable. */

export async function selectMostPlayedTrackIds(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`select id from tracks order by play_count desc, id limit $1`, [limit]);
  return rows.map((r) => r.id);
}

export async function selectNewestTrackIds(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select t.id from tracks t left join albums al on al.id = t.album_id
      order by coalesce(t.year, al.year) desc nulls last, t.scanned_at desc, t.id limit $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** The whole library in an order fixed by `seed` (the day), so a shuffle is the same all day. */
export async function selectShuffledTrackIds(db: Queryable, seed: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`select id from tracks order by md5($1 || id), id limit $2`, [seed, limit]);
  return rows.map((r) => r.id);
}

/** The artist with the most primary credits, or the named one. */
export async function selectTopArtist(db: Queryable, artistId: string | null): Promise<{ id: string; name: string } | null> {
  const [row] = artistId
    ? await db.query<{ id: string; name: string }>(`select id, name from artists where id = $1`, [artistId])
    : await db.query<{ id: string; name: string }>(
        `select a.id, a.name from track_artists ta join artists a on a.id = ta.artist_id
          where ta.role = 'primary' group by a.id, a.name order by count(*) desc, a.id limit 1`,
      );
  return row ?? null;
}

export async function selectArtistPopularTrackIds(db: Queryable, artistId: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select t.id from tracks t
      where t.id in (select track_id from track_artists where artist_id = $1 and role in ('primary', 'featured'))
      order by t.play_count desc, t.id limit $2`,
    [artistId, limit],
  );
  return rows.map((r) => r.id);
}

export type TrackFacet = 'language' | 'genre';

/**
 * The most common language or genre with at least `minTracks` tracks, other
 * than those in `except` (rows already showing them).
 */
export async function selectTopFacet(
  db: Queryable,
  facet: TrackFacet,
  except: readonly string[],
  minTracks: number,
): Promise<string | null> {
  const [row] = await db.query<{ value: string }>(
    `select ${facet} as value from tracks
      where coalesce(${facet}, '') <> '' and not (lower(${facet}) = any($1::text[]))
      group by ${facet} having count(*) >= $2 order by count(*) desc, ${facet} limit 1`,
    [except.map((e) => e.toLowerCase()), minTracks],
  );
  return row?.value ?? null;
}

/**
 * Most played tracks of one language or genre. Languages are stored lower
 * case (catalogue-api.md §3.2); genres are matched without regard to case.
 */
export async function selectFacetTrackIds(db: Queryable, facet: TrackFacet, value: string, limit: number): Promise<string[]> {
  const where = facet === 'language' ? 'language = lower($1)' : 'lower(genre) = lower($1)';
  const rows = await db.query<{ id: string }>(
    `select id from tracks where ${where} order by play_count desc, id limit $2`,
    [value, limit],
  );
  return rows.map((r) => r.id);
}
