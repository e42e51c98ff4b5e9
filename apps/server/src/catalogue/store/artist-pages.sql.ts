import type { SortBy, SortOrder } from '@lyra/contracts/catalogue';
import type { Queryable } from '../../db/db.js';

export interface ArtistSort {
  by: SortBy;
  order: SortOrder;
}

/** The SQL direction of a sort; anything but 'desc' is ascending. */
export const direction = (sort: ArtistSort): 'asc' | 'desc' => (sort.order === 'desc' ? 'desc' : 'asc');

const ALBUM_ORDER: Record<SortBy, (dir: 'asc' | 'desc', mostPlayed: string) => string> = {
  popularity: (_dir, mostPlayed) => `${mostPlayed}, al.norm_name, al.id`,
  latest: (dir) => `al.year ${dir} nulls last, al.norm_name, al.id`,
  alphabetical: (dir) => `al.norm_name ${dir}, al.id`,
};

/** The order of a page of albums (`al`); `mostPlayed` leads popularity, most played first whatever the direction. */
export const albumOrder = (sort: ArtistSort, mostPlayed: string): string => ALBUM_ORDER[sort.by](direction(sort), mostPlayed);

/** One page of an artist's ids, with how many there are in all. */
export type ArtistIdPage = (
  db: Queryable,
  artistId: string,
  sort: ArtistSort,
  limit: number,
  offset: number,
) => Promise<{ ids: string[]; total: number }>;

/**
 * An ArtistIdPage from two statements with the artist as `$1`: `page` reads one page (`limit $2 offset $3`)
 * of `id`s with `count(*) over ()` as `total`; `all` is the whole set, counted when a page past the end
 * reads no row to take the total from.
 */
export const artistIdPage =
  (page: (sort: ArtistSort) => string, all: string): ArtistIdPage =>
  async (db, artistId, sort, limit, offset) => {
    const rows = await db.query<{ id: string; total: number }>(page(sort), [artistId, limit, offset]);
    if (rows.length > 0 || offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
    const [count] = await db.query<{ n: number }>(`select count(*)::int as n from (${all}) s`, [artistId]);
    return { ids: [], total: count?.n ?? 0 };
  };
