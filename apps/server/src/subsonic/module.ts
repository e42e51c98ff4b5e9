import { Hono, type Context } from 'hono';
import { clientIp, createCallerResolver, type PlayQueues, type ServerDocuments } from '../backend/module.js';
import { baseUrl, createOpenFileCache } from '../catalogue/module.js';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';
import { readCredentials } from './auth-params.js';
import { accountMethods } from './account.js';
import { bookmarkMethods } from './bookmarks.js';
import { radioMethods } from './radio.js';
import { radioRoutes } from './radio-routes.js';
import { shareAdmits, shareRoutes } from './share-access.js';
export { isSharePath } from './share-access.js';
import { shareMethods } from './shares.js';
import { scanMethods, type ScanStarter, type ScanStatusSource } from './scan.js';
import { createAlbumShelf } from './album-shelf.js';
import { createAuthenticator, type Caller } from './authenticate.js';
import { subsonicAdminRoutes } from './admin-routes.js';
import { browseMethods } from './browse.js';
import type { Methods } from './call.js';
import { errorBody, okBody, readFormat, render, type Format } from './envelope.js';
import { CODE, SubsonicError } from './errors.js';
import { infoMethods } from './info.js';
import { listMethods } from './lists.js';
import { mediaMethods, type Internal } from './media.js';
import { createNowPlaying } from './now-playing.js';
import { Params } from './params.js';
import { playlistMethods } from './playlists.js';
import { playMethods } from './plays.js';
import { subsonicProfileRoutes } from './profile-routes.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { starredMethods } from './starred.js';
import { userMethods } from './users.js';
import { PUBLIC_METHODS, systemMethods } from './system.js';

export interface SubsonicOptions {
  /** The app's own routes, for audio and covers (the catalogue's /media and /images). */
  internal: Internal;
  /** The backend's documents, written as the caller (favourites, playlists, history). */
  documents: ServerDocuments;
  /** What the listener plays, wherever (savePlayQueue, getPlayQueue): the backend's devices share it. */
  playQueues: PlayQueues;
  /** The catalogue's scanner (getScanStatus, and startScan for administrators). */
  scanStatus: ScanStatusSource;
  startScan: ScanStarter;
}

/** PostgreSQL data exceptions (class 22: bad text, out of range) come from what the client sent. */
const isDataException = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' && e.code.startsWith('22');

/** The caller of a public method (no user: public methods read no user data). */
const ANONYMOUS: Caller = { userId: '', username: '', via: 'password' };

/** `/rest/getAlbum` or `/rest/getAlbum.view` → `getalbum` (names are matched in any letter case). */
const methodName = (path: string) => path.slice('/rest/'.length).replace(/\.view$/i, '').toLowerCase();

export type SubsonicModule = ServerModule & {
  /** `npm run admin -- subsonic credentials` on the loopback admin listener. */
  adminRoutes: Hono;
  /** Whether the holder of a share may fetch this site-relative path (a private server's gate asks). */
  shareAdmits(shareId: string, path: string): Promise<boolean>;
};

/**
 * The (Open)Subsonic API at /rest/<method>[.view], GET or form POST, for
 * native Subsonic apps: the catalogue's music and the backend's accounts. See
 * README.md here.
 */
export async function createSubsonic(deps: Deps, opts: SubsonicOptions): Promise<SubsonicModule> {
  await migrate(deps.db, 'subsonic');
  // Indexes on the catalogue's tables: only with the catalogue (the admin command migrates the above alone).
  await migrate(deps.db, 'subsonic/catalogue');
  const log = deps.log.child({ module: 'subsonic' });
  const box = secretBox(await loadOrCreateKey(deps.config.DATA_DIR));
  const auth = createAuthenticator(deps.db, box, deps.now);
  const files = createOpenFileCache(deps.now);
  const albums = createAlbumShelf(deps.db, { log });
  // A change committed by any server sharing the database (0004-album-shelf-changes.sql); after a lost
  // connection, whatever was missed.
  const unlisten = await deps.db.listen('subsonic_albums', albums.changed, albums.changed);
  const { documents, playQueues } = opts;
  const all: Methods = {
    ...systemMethods,
    ...browseMethods,
    ...listMethods,
    ...infoMethods,
    ...mediaMethods({ config: deps.config, internal: opts.internal, files }),
    ...starredMethods,
    ...playlistMethods,
    ...playMethods(createNowPlaying()),
    ...accountMethods,
    ...bookmarkMethods,
    ...scanMethods(opts.scanStatus),
    ...radioMethods,
    ...shareMethods,
    // Last: its getUser (any user, for administrators) and startScan (administrators) replace the callers-only ones above.
    ...userMethods({ startScan: opts.startScan, forget: auth.forget }),
  };
  const methods = new Map(Object.entries(all).map(([name, handler]) => [name.toLowerCase(), { name, handler }]));

  const answer = async (c: Context): Promise<Response> => {
    let format: Format = { kind: 'xml' };
    try {
      const params = await Params.of(c.req.raw);
      format = readFormat(params.get('f'), params.get('callback'));
      const method = methods.get(methodName(c.req.path));
      if (!method) throw new SubsonicError(CODE.notFound, 'Unknown method');
      const caller: Caller = PUBLIC_METHODS.has(method.name)
        ? ANONYMOUS
        : await auth.authenticate(
            readCredentials({
              u: params.get('u'),
              p: params.get('p'),
              t: params.get('t'),
              s: params.get('s'),
              apiKey: params.get('apiKey'),
            }),
            clientIp(c, deps.config),
          );
      const base = baseUrl(deps.config, c.req.url);
      const outcome = await method.handler({ params, caller, db: deps.db, albums, documents, playQueues, now: deps.now, req: c.req.raw, base });
      return outcome instanceof Response ? outcome : render(format, okBody(outcome));
    } catch (e) {
      if (e instanceof SubsonicError) return render(format, errorBody(e));
      if (isDataException(e)) return render(format, errorBody({ code: CODE.generic, message: 'Invalid parameter' }));
      log.error('subsonic request failed', { path: c.req.path, error: e });
      return render(format, errorBody({ code: CODE.generic, message: 'Internal error' }));
    }
  };

  const routes = new Hono();
  // The web app's Radio screen (the catalogue's envelope, under its /api).
  routes.route('/', radioRoutes({ db: deps.db, log }));
  // A share link opened by anyone holding it (share-access.ts).
  routes.route('/', shareRoutes(deps));
  routes.route('/', subsonicProfileRoutes({ ...deps, box, callers: createCallerResolver(deps), forget: auth.forget }));
  // Everything under /rest answers in the envelope: unknown methods and odd paths are error 70.
  routes.all('/rest/*', (c) => {
    if (c.req.method !== 'OPTIONS') return answer(c);
    return c.body(null, 204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type, Range',
      'access-control-max-age': '86400',
    });
  });

  return {
    name: 'subsonic',
    routes,
    adminRoutes: subsonicAdminRoutes(deps.db, box, deps.now, auth.forget),
    shareAdmits: (shareId, path) => shareAdmits(deps.db, shareId, path, deps.now()),
    async stop() {
      await unlisten();
      files.clear();
    },
  };
}

