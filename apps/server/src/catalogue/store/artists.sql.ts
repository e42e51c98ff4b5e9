import type { SortBy, SortOrder } from '@lyra/contracts/catalogue';
import type { Queryable } from '../../db/db.js';

export interface ArtistRow {
  id: string;
  name: string;
  cover_id: string | null;
}

export async function selectArtistsByIds(db: Queryable, ids: readonly string[]): Promise<ArtistRow[]> {
  if (ids.length === 0) return [];
  return db.query<ArtistRow>(`select id, name, cover_id from artists where id = any($1::text[])`, [ids]);
}

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

// Popularity is always most played first: a "top songs" list read backwards is
// of no use, and the reference's upstream ignores the order there too.
const TRACK_ORDER: Record<SortBy, (dir: 'asc' | 'desc') => string> = {
  popularity: () => 't.play_count desc, t.norm_title, t.id',
  latest: (dir) => `coalesce(t.year, al.year) ${dir} nulls last, t.release_date ${dir} nulls last, t.norm_title, t.id`,
  alphabetical: (dir) => `t.norm_title ${dir}, t.id ${dir}`,
};

/** Tracks the artist is credited on (any role), one page, with the total. */
export async function selectArtistTrackIds(
  db: Queryable,
  artistId: string,
  sort: { by: SortBy; order: SortOrder },
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const dir = sort.order === 'desc' ? 'desc' : 'asc';
  const rows = await db.query<{ id: string; total: number }>(
    `select t.id, count(*) over ()::int as total
       from tracks t left join albums al on al.id = t.album_id
      where t.id in (select track_id from track_artists where artist_id = $1)
      order by ${TRACK_ORDER[sort.by](dir)}
      limit $2 offset $3`,
    [artistId, limit, offset],
  );
  if (rows.length > 0 || offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ n: number }>(
    `select count(distinct track_id)::int as n from track_artists where artist_id = $1`,
    [artistId],
  );
  return { ids: [], total: count?.n ?? 0 };
}

/**
 * Artists who share the most genres with this one (then the most tracks in
 * them), as a stand-in for the upstream's "similar artists".
 */
export async function selectSimilarArtists(db: Queryable, artistId: string, limit: number): Promise<ArtistRow[]> {
  return db.query<ArtistRow>(
    `with genres as (
       select distinct t.genre from track_artists ta join tracks t on t.id = ta.track_id
        where ta.artist_id = $1 and t.genre is not null and t.genre <> '')
     select a.id, a.name, a.cover_id
       from genres g
       join tracks t on t.genre = g.genre
       join track_artists ta on ta.track_id = t.id and ta.role in ('primary', 'featured')
       join artists a on a.id = ta.artist_id
      where a.id <> $1
      group by a.id, a.name, a.cover_id
      order by count(distinct t.genre) desc, count(*) desc, a.norm_name, a.id
      limit $2`,
    [artistId, limit],
  );
}
