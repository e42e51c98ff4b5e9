import type { Song } from '@lyra/contracts/catalogue';
import { notFound } from './errors.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import { selectSuggestedTrackIds, trackExists } from './store/suggestions.sql.js';

/** How many candidates each similarity source may bring (genre, language). */
const PER_SOURCE = 200;

/**
 * GET /api/songs/{id}/suggestions (§3.6): at most `limit` songs for autoplay,
 * most similar first, never the song itself, the same list on every call.
 * Any other song of the library may fill the list, so it is empty only when
 * the library holds nothing else. An unknown song is a 404.
 */
export async function suggestions(ctx: CatalogueCtx, id: string, limit: number): Promise<Song[]> {
  if (!(await trackExists(ctx.db, id))) throw notFound('no suggestions found for the given song');
  return songsByIds(ctx, await selectSuggestedTrackIds(ctx.db, id, limit, PER_SOURCE));
}
