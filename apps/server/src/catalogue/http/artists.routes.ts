import { Hono, type Context } from 'hono';
import { getArtist, getArtistAlbums, getArtistSongs } from '../artists.js';
import { badRequest } from '../errors.js';
import { catalogueCtx, type ApiDeps } from './context.js';
import { count, pathParam, readQuery, sortOf, targetId, zeroBasedPage } from './params.js';
import { ok } from './respond.js';

/** /api/artists/{id}, /api/artists?id=|link=, /api/artists/{id}/songs|albums (§3.9, §3.10). */
export function artistsRoutes(deps: ApiDeps): Hono {
  const routes = new Hono();

  // The artist page sorts ascending by default; its songs and albums lists descending (§3.9).
  const artistPage = async (c: Context, id: string) => {
    const q = readQuery(c, 'page', 'songCount', 'albumCount', 'sortBy', 'sortOrder');
    return ok(
      c,
      await getArtist(catalogueCtx(deps, c), id, {
        page: zeroBasedPage(q.page),
        songCount: count(q.songCount),
        albumCount: count(q.albumCount),
        sort: sortOf(q, 'asc'),
      }),
    );
  };

  routes.get('/api/artists', async (c) => {
    const q = readQuery(c, 'id', 'link');
    const id = targetId(q.link, q.id);
    if (id === undefined) throw badRequest('Either artist ID or link is required');
    return artistPage(c, id);
  });
  routes.get('/api/artists/:id', (c) => artistPage(c, pathParam(c, 'id')));

  routes.get('/api/artists/:id/songs', async (c) => {
    const q = readQuery(c, 'page', 'sortBy', 'sortOrder');
    return ok(c, await getArtistSongs(catalogueCtx(deps, c), pathParam(c, 'id'), zeroBasedPage(q.page), sortOf(q, 'desc')));
  });
  routes.get('/api/artists/:id/albums', async (c) => {
    const q = readQuery(c, 'page', 'sortBy', 'sortOrder');
    return ok(c, await getArtistAlbums(catalogueCtx(deps, c), pathParam(c, 'id'), zeroBasedPage(q.page), sortOf(q, 'desc')));
  });
  return routes;
}
