import { Hono } from 'hono';
import { getAlbum } from '../albums.js';
import { badRequest } from '../errors.js';
import { getPlaylist } from '../playlists.js';
import { catalogueCtx, type ApiDeps } from './context.js';
import { onePage, readQuery, targetId } from './params.js';
import { ok } from './respond.js';

/** /api/albums (§3.7) and /api/playlists (§3.8): `?id=` or `?link=`, link first. */
export function albumsRoutes(deps: ApiDeps): Hono {
  const routes = new Hono();
  routes.get('/api/albums', async (c) => {
    const q = readQuery(c, 'id', 'link');
    const id = targetId(q.link, q.id);
    if (id === undefined) throw badRequest('Either album ID or link is required');
    return ok(c, await getAlbum(catalogueCtx(deps, c), id));
  });
  routes.get('/api/playlists', async (c) => {
    const q = readQuery(c, 'id', 'link', 'page', 'limit');
    const id = targetId(q.link, q.id);
    if (id === undefined) throw badRequest('Either playlist ID or link is required');
    return ok(c, await getPlaylist(catalogueCtx(deps, c), id, onePage(q.page, q.limit)));
  });
  return routes;
}
