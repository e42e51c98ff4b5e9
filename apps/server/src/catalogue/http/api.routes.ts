import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import type { Deps } from '../../module.js';
import { regenerateCuratedPlaylists } from '../curated-playlists.js';
import { loadHomeRows } from '../home-rows-config.js';
import { createHomeRows, type HomeRowsService } from '../home-rows.js';
import { createListMemo } from '../library-lists.js';
import type { Scanner } from '../scanner/scanner-service.js';
import { flushSearchIndexes } from '../store/maintenance.sql.js';
import { albumsRoutes } from './albums.routes.js';
import { artistsRoutes } from './artists.routes.js';
import { downloadRoutes } from './download.routes.js';
import { homeRoutes } from './home.routes.js';
import { libraryRoutes } from './library.routes.js';
import { libraryScopeMiddleware, type LibraryScopeOf } from './context.js';
import { apiErrorHandler } from './respond.js';
import { searchRoutes } from './search.routes.js';
import { songsRoutes } from './songs.routes.js';

/**
 * The saavn-shaped catalogue API under /api (catalogue-api.md): GET only,
 * CORS open to every origin, JSON in the `{success, data}` envelope (gzip or
 * deflate when the client accepts it, above 1 KB), and an
 * error handler that answers every failure with `{success:false, message}`.
 * Curated playlists are rebuilt and Home's rows replanned after every scan
 * (at once, so the first visitor after it does not wait).
 */
export function createApiRoutes(
  deps: Deps,
  scanner: Scanner,
  opts: { libraryScope?: LibraryScopeOf; home?: HomeRowsService } = {},
): Hono {
  const home = opts.home ?? createHomeRows(deps.db, loadHomeRows(deps.config), deps.now);
  // Library's lists keep their totals and letters until a scan has run, changed or not.
  const lists = createListMemo({ changing: () => scanner.isScanning(), now: deps.now });
  scanner.onCompleted(() => lists.clear());
  scanner.onScanned(async () => {
    try {
      const count = await regenerateCuratedPlaylists(deps.db);
      await flushSearchIndexes(deps.db);
      deps.log.info('catalogue refreshed after scan', { curatedPlaylists: count });
    } catch (e) {
      deps.log.error('catalogue refresh after scan failed', { error: e });
    } finally {
      home.invalidate();
      home.warm();
    }
  });

  const api = new Hono();
  const openCors = cors({ origin: '*', allowMethods: ['GET', 'OPTIONS'] });
  // Admin routes share the prefix but are not public: they keep their own rules.
  api.use('/api/*', (c, next) => (c.req.path.startsWith('/api/admin') ? next() : openCors(c, next)));
  // JSON compresses about tenfold (Home's rows: ~180 KB); what a phone on a slow link waits for.
  api.use('/api/*', compress({ threshold: 1024 }));
  api.onError(apiErrorHandler(deps.log));
  // Several libraries with per-user access: each request reads the libraries its listener may see.
  if (opts.libraryScope) api.use('/api/*', libraryScopeMiddleware(opts.libraryScope));
  api.route('/', searchRoutes(deps));
  api.route('/', songsRoutes(deps));
  api.route('/', albumsRoutes(deps));
  api.route('/', artistsRoutes(deps));
  api.route('/', homeRoutes(deps, home));
  api.route('/', libraryRoutes(deps, lists));
  api.route('/', downloadRoutes(deps));
  return api;
}
