import { Hono } from 'hono';
import { globalSearch } from '../global-search.js';
import { searchAlbums, searchArtists, searchPlaylists, searchSongs } from '../search.js';
import { catalogueCtx, type ApiDeps } from './context.js';
import { onePage, readQuery } from './params.js';
import { ok } from './respond.js';

/** /api/search and /api/search/{songs,albums,artists,playlists} (catalogue-api.md §3.1-3.4). */
export function searchRoutes(deps: ApiDeps): Hono {
  const routes = new Hono();
  routes.get('/api/search', async (c) => {
    const { query } = readQuery(c, 'query');
    return ok(c, await globalSearch(catalogueCtx(deps, c), query));
  });
  const lists = { songs: searchSongs, albums: searchAlbums, artists: searchArtists, playlists: searchPlaylists };
  for (const [kind, search] of Object.entries(lists)) {
    routes.get(`/api/search/${kind}`, async (c) => {
      const { query, page, limit } = readQuery(c, 'query', 'page', 'limit');
      return ok(c, await search(catalogueCtx(deps, c), query, onePage(page, limit)));
    });
  }
  return routes;
}
