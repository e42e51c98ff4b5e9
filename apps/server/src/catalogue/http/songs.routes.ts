import { Hono, type Context } from 'hono';
import { linkId } from '../entity-urls.js';
import { selectLyrics } from '../lyrics/lyrics.sql.js';
import { lyricsResponse } from '../lyrics/lyrics-response.js';
import { badRequest, notFound } from '../errors.js';
import { MAX_SONG_IDS, songsByIds, splitIds } from '../songs.js';
import { suggestions } from '../suggestions.js';
import { catalogueCtx, type ApiDeps } from './context.js';
import { count, pathParam, readQuery } from './params.js';
import { ok } from './respond.js';

/** /api/songs, /api/songs/{ids}, /api/songs/{id}/suggestions (catalogue-api.md §3.6), /api/songs/{id}/lyrics. */
export function songsRoutes(deps: ApiDeps): Hono {
  const routes = new Hono();

  const respondSongs = async (c: Context, ids: string[]) => {
    if (ids.length > MAX_SONG_IDS) throw badRequest(`At most ${MAX_SONG_IDS} song IDs per request`);
    const songs = await songsByIds(catalogueCtx(deps, c), ids);
    if (songs.length === 0) throw notFound('song not found');
    return ok(c, songs);
  };

  routes.get('/api/songs', async (c) => {
    const { ids, link } = readQuery(c, 'ids', 'link');
    // `link` wins over `ids`; a link without a path segment counts as none (§1.3).
    const fromLink = link === undefined ? null : linkId(link);
    const list = fromLink !== null ? [fromLink] : splitIds(ids ?? '');
    if (list.length === 0) throw badRequest('Either song IDs or link is required');
    return respondSongs(c, list);
  });

  routes.get('/api/songs/:id', async (c) => respondSongs(c, splitIds(pathParam(c, 'id'))));

  routes.get('/api/songs/:id/lyrics', async (c) => {
    const lyrics = await selectLyrics(catalogueCtx(deps, c).db, pathParam(c, 'id').trim());
    if (!lyrics) throw notFound('lyrics not found');
    return ok(c, lyricsResponse(lyrics));
  });

  routes.get('/api/songs/:id/suggestions', async (c) => {
    const { limit } = readQuery(c, 'limit');
    return ok(c, await suggestions(catalogueCtx(deps, c), pathParam(c, 'id').trim(), count(limit)));
  });

  return routes;
}
