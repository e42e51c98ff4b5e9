import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { corsMiddleware } from './backend/http/cors.js';
import { backendGuardRules, createBackend, createCallerResolver, isAdmin, mayListen, songsRemovedEvent } from './backend/module.js';
import { createCatalogue } from './catalogue/module.js';
import { catalogueAdminRoutes } from './catalogue/http/admin.routes.js';
import { healthRoutes } from './http/health.js';
import { createPrivateGate, IN_PROCESS, type PrivateGate } from './http/private-gate.js';
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
  });
}

/**
 * The catalogue's admin API (/api/admin/...) answers the loopback admin listener
 * in full; over the network, a signed-in administrator's request is served as
 * the listener's would be (the backend says who is one, at every call).
 */
function adminSessions(deps: Deps, hono: Hono): MiddlewareHandler {
  const callers = createCallerResolver(deps);
  return async (c, next) => {
    if (c.env === IN_PROCESS || !(await callers.fromHeaders(c.req.raw.headers).then(isAdmin))) return next();
    c.res = await hono.fetch(c.req.raw, IN_PROCESS);
  };
}

/** Builds the whole server as a value; only cli/serve.ts opens a port. */
export async function createApp(deps: Deps, only: readonly ModuleName[] = ALL_MODULES): Promise<App> {
  const modules: ServerModule[] = [];
  // Order matters: the web module's SPA fallback must come last.
  const catalogue = only.includes('catalogue') ? await createCatalogue(deps) : null;
  if (catalogue) modules.push(catalogue);
  const backend = only.includes('backend') ? await createBackend(deps) : null;
  if (backend) modules.push(backend);
  // Songs a scan removed reach every open app over realtime (and the other instances' sockets).
  if (catalogue && backend) catalogue.onSongsRemoved((ids) => backend.events.publish(songsRemovedEvent(ids, deps.now())));
  // Subsonic apps: the catalogue's music for the backend's accounts; audio and covers come from /media and /images.
  // Its media requests are in process (IN_PROCESS): Subsonic has checked its caller, so a private server's gate lets them by.
  const subsonic =
    catalogue && backend
      ? await createSubsonic(deps, {
          internal: async (r) => hono.fetch(r, IN_PROCESS),
          documents: backend.documents,
          playQueues: backend.playQueues,
          scanStatus: () => catalogue.scanStatus(),
          startScan: (mode) => catalogue.startScan(mode),
        })
      : null;
  if (only.includes('catalogue') && backend) {
    // The loopback admin API carries the catalogue's admin actions and subsonic's credentials.
    // Its calls are in process (IN_PROCESS), past a private server's gate.
    const adminRoutes = new Hono().route('/', catalogueAdminRoutes(async (r) => hono.fetch(r, IN_PROCESS)));
    if (subsonic) adminRoutes.route('/', subsonic.adminRoutes);
    adminRoutes.route('/', backend.adminRoutes);
    modules.push(await createVideo(deps, { events: backend.events, adminRoutes }));
  }
  if (subsonic) modules.push(subsonic);
  const hono = new Hono();
  // The web module asks the catalogue in process for the first screen of a page it sends.
  const api = only.includes('catalogue') ? (url: URL) => Promise.resolve(hono.request(url.toString())) : undefined;
  if (only.includes('web')) modules.push(await createWeb(deps, api ? { api } : {}));

  // Before every module: bounded bodies, refused bad input, and probes the SPA fallback cannot shadow.
  const guards = { backend: backendGuardRules, backendCors: corsMiddleware(deps.config) };
  hono.use('*', limitBodies(guards), refuseBadInput(guards));
  const gate = privateGate(deps, subsonic);
  if (gate) hono.use('*', gate.middleware);
  if (catalogue) hono.use('/api/admin/*', adminSessions(deps, hono));
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
        const dispatch = () => {
          for (const m of modules) if (m.raw?.(req, res)) return;
          void listener(req, res);
        };
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
      for (const m of [...modules].reverse()) await m.stop?.();
    },
  };
}
