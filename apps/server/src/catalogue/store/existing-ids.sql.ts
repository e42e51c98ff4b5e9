import type { Queryable } from '../../db/db.js';
import { queryJsonIds } from '../../db/json-rows.js';

/** What the catalogue holds, by the kind other modules name it. */
export type CatalogueKind = 'song' | 'album' | 'artist';

const TABLES: Record<CatalogueKind, string> = { song: 'tracks', album: 'albums', artist: 'artists' };

/** Which of `ids` name a song, album or artist of the catalogue. */
export async function catalogueIds(db: Queryable, kind: CatalogueKind, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(`select id from ${TABLES[kind]} where id = any($1::text[])`, [ids]);
  return new Set(rows.map((r) => r.id));
}

/**
 * A page of every song or album (albums with songs), in id order (the primary key's index: no sort however
 * large the library): Subsonic's search3 with an empty query, for apps syncing the whole library.
 */
export async function catalogueIdPage(db: Queryable, kind: 'song' | 'album', limit: number, offset: number): Promise<string[]> {
  if (limit === 0) return [];
  const where = kind === 'album' ? 'where song_count > 0' : '';
  return queryJsonIds(db, `select id from ${TABLES[kind]} ${where} order by id limit $1 offset $2`, [limit, offset]);
}
