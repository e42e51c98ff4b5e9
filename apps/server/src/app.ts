import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { corsMiddleware } from './backend/http/cors.js';
import { backendGuardRules, createBackend, createCallerResolver, createLibraryAccess, endedSessions, isAdmin, isRoomEnd, mayListen, roomAdmits, songsRemovedEvent } from './backend/module.js';
import { createCatalogue, createLibraryGate, songInCatalogue, songLengthMs } from './catalogue/module.js';
import type { AdminSession } from './http/came-over-network.js';
import { healthRoutes } from './http/health.js';
import { createPrivateGate, FORGET_VERDICTS, IN_PROCESS, type PrivateGate } from './http/private-gate.js';
import { limitBodies, refuseBadInput, refuseBadTarget, refuseBadUpgrade } from './http/request-guards.js';
import type { Deps, ServerModule } from './module.js';
import { createSubsonic, isSharePath, type SubsonicModule } from './subsonic/module.js';
import { createVideo } from './video/module.js';
import { createWeb } from './web/module.js';

export type ModuleName = 'catalogue' | 'backend' | 'web';
export const ALL_MODULES: readonly ModuleName[] = ['catalogue', 'backend', 'web'];

export interface App {
  hono: Hono;
  modules: ServerModule[];
  /** Handles a request in-process (tests), as the HTTP server would. */
  request: (input: string | Request, init?: RequestInit) => Promise<Response>;
  /** A Node HTTP server with every module's raw and upgrade handlers attached (not listening). */
  createServer(): Server;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * ACCESS=private: the catalogue answers signed-in, non-anonymous accounts only
 * (http/private-gate.ts), asking the backend's sessions, which it reads from the
 * database even when this process serves the catalogue alone (`--only catalogue`
 * beside a backend instance on one PostgreSQL).
 */
function privateGate(deps: Deps, subsonic: SubsonicModule | null): PrivateGate | null {
  if (deps.config.ACCESS !== 'private') return null;
  const callers = createCallerResolver(deps);
  return createPrivateGate({
    now: deps.now,
    isListener: async (headers) => mayListen(await callers.fromHeaders(headers)),
    // Public shares (subsonic/share-access.ts): a share link's description, and its songs' audio and covers.
    ...(subsonic ? { shareAdmits: subsonic.shareAdmits, isPublicPath: isSharePath } : {}),
    // A listening room's anonymous guest (backend/rooms/room-access.ts): the audio and details of the songs in their room's queue.
    roomAdmits: (key, target) => roomAdmits(deps.db, key, target, deps.now()),
  });
}

/**
 * The admin API under /api/admin (the catalogue's and video's) answers the
 * loopback admin listener in full; over the network, a signed-in
 * administrator's session too: the backend says who is one, at every call.
 */
function adminSessionOf(deps: Deps): AdminSession {
  const callers = createCallerResolver(deps);
  return async (headers) => isAdmin(await callers.fromHeaders(headers));
}

/** Builds the whole server as a value; only cli/serve.ts opens a port. */
export async function createApp(deps: Deps, only: readonly ModuleName[] = ALL_MODULES): Promise<App> {
  const modules: ServerModule[] = [];
  // Order matters: the web module's SPA fallback must come last.
  // Several libraries (MUSIC_DIRS): who may see which is the backend's to say, every catalogue read honours it.
  const access = only.includes('catalogue') ? createLibraryAccess(deps, createCallerResolver(deps)) : null;
  const libraryScope = access ? (headers: Headers) => access.forHeaders(headers) : undefined;
  const adminSession = adminSessionOf(deps);
  const catalogue = only.includes('catalogue') ? await createCatalogue(deps, { ...(libraryScope ? { libraryScope } : {}), adminSession }) : null;
  if (catalogue) modules.push(catalogue);
  // Video requests name a song of the catalogue: the backend asks it, within its write's transaction (this
  // database's, even when it runs alone).
  const backend = only.includes('backend') ? await createBackend(deps, { songExists: (id, db) => songInCatalogue(db, id), songLength: (id, db) => songLengthMs(db, id) }) : null;
  if (backend) modules.push(backend);
  // Songs a scan removed reach every open app that may see their library over realtime (and the other instances' sockets).
  if (catalogue && backend) {
    catalogue.onSongsRemoved(async (songs) => {
      const byLibrary = new Map<string, string[]>();
      for (const song of songs) byLibrary.set(song.libraryId, [...(byLibrary.get(song.libraryId) ?? []), song.id]);
      for (const [libraryId, ids] of byLibrary) await backend.events.publish(songsRemovedEvent(ids, deps.now(), await access!.audience(libraryId)));
    });
  }
  // Subsonic apps: the catalogue's music for the backend's accounts; audio and covers from the catalogue's media.
  const subsonic =
    catalogue && backend
      ? await createSubsonic(deps, {
          media: catalogue.media,
          documents: backend.documents,
          playQueues: backend.playQueues,
          deleteAccount: backend.deleteAccount,
          libraryScope: (userId) => access!.forAccount(userId),
          scanStatus: () => catalogue.scanStatus(),
          startScan: (mode) => catalogue.startScan(mode),
        })
      : null;
  if (catalogue && backend) {
    // The loopback admin API carries the catalogue's admin actions and subsonic's credentials.
    const adminRoutes = new Hono().route('/', catalogue.adminRoutes);
    if (subsonic) adminRoutes.route('/', subsonic.adminRoutes);
    adminRoutes.route('/', backend.adminRoutes);
    modules.push(await createVideo(deps, { events: backend.events, adminRoutes, adminSession }));
  }
  if (subsonic) modules.push(subsonic);
  const hono = new Hono();
  // The web module reads the first screen of a page it sends from the catalogue, as a visitor sees it (typed calls).
  if (only.includes('web')) {
    modules.push(await createWeb(deps, { ...(catalogue ? { catalogue: catalogue.visitor } : {}), ...(backend ? { serverClaimed: backend.serverClaimed } : {}) }));
  }

  // Before every module: bounded bodies, refused bad input, and probes the SPA fallback cannot shadow.
  const guards = { backend: backendGuardRules, backendCors: corsMiddleware(deps.config) };
  hono.use('*', limitBodies(guards), refuseBadInput(guards));
  const gate = privateGate(deps, subsonic);
  if (gate) hono.use('*', gate.middleware);
  // Blocked or deleted accounts, ended sessions and changed or deleted shares are refused at once, on every instance
  // (the backend's events and a NOTIFY travel between them), not after the gate's memory of them runs out; so are an
  // ended room's guests.
  if (gate && backend) backend.events.subscribe((event) => (endedSessions(event) || isRoomEnd(event)) && gate.forget());
  const unlistenGate = gate ? await deps.db.listen(FORGET_VERDICTS, gate.forget, gate.forget) : null;
  // A public share's holder plays what it holds in any library its sharer may see (subsonic/share-access.ts).
  const libraryGate = libraryScope
    ? createLibraryGate({ db: deps.db, config: deps.config, scopeOf: libraryScope, ...(subsonic ? { shareAdmits: subsonic.shareAdmits } : {}) })
    : null;
  if (libraryGate) hono.use('*', (c, next) => (c.env === IN_PROCESS ? next() : libraryGate.middleware(c, next)));
  hono.route('/', healthRoutes(deps.db));
  for (const m of modules) if (m.routes) hono.route('/', m.routes);
  hono.notFound((c) => c.json({ success: false, message: 'route not found' }, 404));

  const listener = getRequestListener(hono.fetch);
  return {
    hono,
    modules,
    request: async (input, init) =>
      hono.request(input instanceof Request ? input : new URL(input, 'http://localhost').toString(), init),
    createServer() {
      const server = createServer((req, res) => {
        if (refuseBadTarget(req, res)) return;
        const toModules = () => {
          for (const m of modules) if (m.raw?.(req, res)) return;
          void listener(req, res);
        };
        // Songs and covers of libraries the listener may not see answer as unknown ones (catalogue/http/library-gate.ts).
        const dispatch = libraryGate ? () => libraryGate.admit(req, res, toModules) : toModules;
        // A private server's gate comes before the raw handlers: media bytes never reach Hono.
        if (gate) gate.admit(req, res, dispatch);
        else dispatch();
      });
      server.on('upgrade', (req, socket, head) => {
        if (refuseBadUpgrade(req, socket, guards.backend)) return;
        for (const m of modules) if (m.upgrade?.(req, socket, head)) return;
        socket.destroy();
      });
      return server;
    },
    async start() {
      for (const m of modules) await m.start?.();
    },
    async stop() {
      await unlistenGate?.();
      for (const m of [...modules].reverse()) await m.stop?.();
    },
  };
}
