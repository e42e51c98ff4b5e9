import type { Song } from '@lyra/contracts/catalogue';
import type { Queryable } from '../db/db.js';
import { toSong } from './song-shape.js';
import { selectTracksByIds } from './store/tracks.sql.js';

/** What every catalogue read needs: the database and the absolute base of our URLs. */
export interface CatalogueCtx {
  db: Queryable;
  base: string;
}

/** At most this many ids per batch request (a page of results is far smaller). */
export const MAX_SONG_IDS = 200;

/**
 * Full Song objects for `ids`, in the order asked (a repeated id gives a
 * repeated song, as in a playlist), unknown ids dropped quietly
 * (catalogue-api.md §3.6). One query whatever the count.
 */
export async function songsByIds(ctx: CatalogueCtx, ids: readonly string[]): Promise<Song[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const byId = new Map((await selectTracksByIds(ctx.db, unique)).map((t) => [t.id, t]));
  return ids.flatMap((id) => {
    const t = byId.get(id);
    return t ? [toSong(ctx.base, t)] : [];
  });
}

/** "a, b,,c" → ['a','b','c'] (§3.6: `/api/songs/a,b` is a batch). */
export const splitIds = (raw: string): string[] =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
