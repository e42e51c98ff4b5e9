import type { Queryable } from '../../db/db.js';
import { LISTED_ARTIST } from './library.sql.js';

export interface ArtistNeedingPicture {
  id: string;
  name: string;
  norm_name: string;
}

/**
 * Artists Library's Artists lists (library.sql.ts LISTED_ARTIST) who have no album cover of their
 * own (`cover_id` null: their picture is drawn from their name), in the list's order by name, the
 * `limit` after `after` (the last one of the page before; null: from the start).
 */
export function selectArtistsNeedingPicture(db: Queryable, after: { normName: string; id: string } | null, limit: number): Promise<ArtistNeedingPicture[]> {
  return db.query<ArtistNeedingPicture>(
    `select a.id, a.name, a.norm_name from artists a
      where a.cover_id is null and ${LISTED_ARTIST}
        and ($2::text is null or (a.norm_name, a.id) > ($2::text, $3::text))
      order by a.norm_name, a.id limit $1`,
    [limit, after?.normName ?? null, after?.id ?? null],
  );
}
