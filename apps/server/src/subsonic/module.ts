import { Hono, type Context } from 'hono';
import { clientIp, createCallerResolver, type AccountDeletion, type PlayQueues, type ServerDocuments } from '../backend/module.js';
import { baseUrl, createOpenFileCache, scopedDb, type CatalogueMedia } from '../catalogue/module.js';
import { migrate } from '../db/migrate.js';
import { librariesJoined, type LibraryScope } from '../music-libraries.js';
import type { Deps, ServerModule } from '../module.js';
import { readCredentials } from './auth-params.js';
import { accountMethods } from './account.js';
import { bookmarkMethods } from './bookmarks.js';
import { radioMethods } from './radio.js';
import { radioRoutes } from './radio-routes.js';
import { shareAdmits, shareRoutes } from './share-access.js';
export { isSharePath } from './share-access.js';
import { shareMethods } from './shares.js';
import { shareLinkRoutes } from './public-links-routes.js';
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
import { mediaMethods } from './media.js';
import { callLibraries } from './music-folders.js';
import { createNowPlaying } from './now-playing.js';
import { Params } from './params.js';
import { playlistMethods } from './playlists.js';
import { playMethods } from './plays.js';
import { podcastMethods } from './podcasts.js';
import { subsonicProfileRoutes } from './profile-routes.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { starredMethods } from './starred.js';
import { userMethods } from './users.js';
import { PUBLIC_METHODS, systemMethods } from './system.js';

export interface SubsonicOptions {
  /** The catalogue's audio tiers and covers (stream, getCoverArt). */
  media: CatalogueMedia;
  /** The backend's documents, written as the caller (favourites, playlists, history). */
  documents: ServerDocuments;
  /** What the listener plays, wherever (savePlayQueue, getPlayQueue): the backend's devices share it. */
  playQueues: PlayQueues;
  /** The backend's deletion of an account (deleteUser): its documents go, its realtime sockets close at once. */
  deleteAccount: AccountDeletion;
  /** The catalogue's scanner (getScanStatus, and startScan for administrators). */
  scanStatus: ScanStatusSource;
  startScan: ScanStarter;
  /** The libraries an account may see (several libraries, per-user access); absent: every library. */
  libraryScope?: (userId: string) => Promise<LibraryScope>;
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
  // A share opens what its sharer may still see: their libraries, their playlists (share-access.ts).
  const shares = {
    db: deps.db,
    documents,
    catalogueOf: async (userId: string) =>
      scopedDb(deps.db, opts.libraryScope ? await opts.libraryScope(userId) : null, librariesJoined(deps.config.libraries)),
  };
  const all: Methods = {
    ...systemMethods,
    ...browseMethods,
    ...listMethods,
    ...infoMethods,
    ...mediaMethods({ config: deps.config, media: opts.media, files }),
    ...starredMethods,
    ...playlistMethods,
    ...playMethods(createNowPlaying()),
    ...accountMethods,
    ...bookmarkMethods,
    ...scanMethods(opts.scanStatus),
    ...radioMethods,
    ...podcastMethods,
    ...shareMethods({ onlyAdmins: deps.config.SHARES === 'admins' }),
    // getUser (oneself; anyone for administrators), and the administrators' user calls and startScan.
    ...userMethods({ startScan: opts.startScan, forget: auth.forget, deleteAccount: opts.deleteAccount }),
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
      const libraries = await callLibraries(deps, opts.libraryScope, caller, params, albums);
      const outcome = await method.handler({ params, caller, ...libraries, documents, playQueues, now: deps.now, req: c.req.raw, base });
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
  routes.route('/', radioRoutes({ db: deps.db, log, media: opts.media, config: deps.config }));
  // A share link opened by anyone holding it (share-access.ts).
  routes.route('/', shareRoutes({ ...deps, ...shares }));
  const callers = createCallerResolver(deps);
  routes.route('/', subsonicProfileRoutes({ ...deps, box, callers, forget: auth.forget }));
  // The web app's public links (Profile, and the song, album and playlist menus).
  routes.route('/', shareLinkRoutes({ ...deps, ...shares, log, callers }));
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
    shareAdmits: (shareId, path) => shareAdmits(shares, shareId, path, deps.now()),
    async stop() {
      await unlisten();
      files.clear();
    },
  };
}

