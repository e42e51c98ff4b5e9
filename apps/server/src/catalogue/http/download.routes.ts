import { Hono } from 'hono';
import { badRequest, notFound } from '../errors.js';
import { songsByIds } from '../songs.js';
import { catalogueCtx, type ApiDeps } from './context.js';
import { readQuery } from './params.js';

/**
 * `/download?id=&name=`: the address a VideoRequest's `url` carries (SPEC#entities-videorequest).
 * It answers with a redirect to the song's best audio tier as an attachment
 * named after the song; `name` is informational (the request's search text).
 * The Location is site-relative unless PUBLIC_URL is set.
 */
export function downloadRoutes(deps: ApiDeps): Hono {
  const routes = new Hono();
  routes.get('/download', async (c) => {
    const { id } = readQuery(c, 'id');
    const songId = id?.trim();
    if (!songId) throw badRequest('Missing song id');
    const [song] = await songsByIds(catalogueCtx(deps, c), [songId]);
    const best = song?.downloadUrl.at(-1);
    if (!best) throw notFound('song not found');
    const target = new URL(best.url);
    target.searchParams.set('download', '1');
    // Absolute only from PUBLIC_URL; otherwise site-relative, so a forged Host header never lands in Location.
    const location = deps.config.PUBLIC_URL ? target.toString() : `${target.pathname}${target.search}`;
    return c.redirect(location, 302);
  });
  return routes;
}
