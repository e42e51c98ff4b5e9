import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import { isDatabaseUnavailable, RETRY_AFTER_S } from '../db/unavailable.js';
import type { BackendRules } from '../http/request-guards.js';
import type { Deps, ServerModule } from '../module.js';
import { createAccountDeletion, type AccountDeletion } from './accounts/account-deletion.js';
import { createAccountRoutes } from './accounts/accounts.routes.js';
import { usersAdminRoutes } from './accounts/admin-command.js';
import { callerMiddleware, createCallerResolver, type BackendEnv } from './auth/caller.js';
import { deviceRoutes } from './devices/devices.routes.js';
import { createPlayQueues, type PlayQueues } from './devices/play-states.js';
import { createHostGoneSweep } from './rooms/host-gone-sweep.js';
import { roomRoutes } from './rooms/rooms.routes.js';
import { createDocumentRoutes } from './documents/documents.routes.js';
import { createServerDocuments, type ServerDocuments } from './documents/server-documents.js';
import type { SongExists } from './documents/rules/collection-rules.js';
import type { SongLength } from './rooms/rooms.routes.js';
import { corsMiddleware } from './http/cors.js';
import { credentialProblem } from './http/credential-strings.js';
import { AppwriteError, retryAfterHeaders } from './http/errors.js';
import { projectMiddleware } from './http/project.js';
import { outOfRangeDate } from './http/query-dates.js';
import { createEventBus, type EventBus } from './realtime/event-bus.js';
import { createRealtime } from './realtime/realtime.js';
import { sessionsStore } from './accounts/sessions.store.js';
import { adminStore } from './accounts/admin.store.js';
import { loadSchema } from './schema/appwrite-schema.js';

/**
 * The backend's event bus is shared with modules that write documents as the
 * server (video); `documents` writes as a given user (subsonic).
 */
export type BackendModule = ServerModule & {
  events: EventBus;
  documents: ServerDocuments;
  /** What a listener plays, wherever (the devices' playback; Subsonic's play queue). */
  playQueues: PlayQueues;
  /** `npm run admin -- users ...` on the loopback admin listener (behind its token). */
  adminRoutes: Hono;
  /** Whether a first account has claimed the server (until then a sign-up needs no invitation and makes its administrator). */
  serverClaimed: () => Promise<boolean>;
  /** Deletes an account with its documents; its realtime sockets close at once on every instance (Subsonic's deleteUser). */
  deleteAccount: AccountDeletion;
};

/** The Appwrite-compatible backend under /v1: accounts, OAuth, documents, realtime. */
export async function createBackend(deps: Deps, { songExists, songLength }: { songExists?: SongExists; songLength?: SongLength } = {}): Promise<BackendModule> {
  await migrate(deps.db, 'backend');
  const callers = createCallerResolver(deps);
  const events = createEventBus(deps);
  const sessionRows = sessionsStore(deps.db);
  const realtime = createRealtime(deps, {
    callers,
    events,
    liveSessions: (ids) => sessionRows.liveIds(ids, new Date(deps.now())),
  });
  // Rooms whose host left 10 minutes ago end, and their members hear it, without anyone calling.
  const roomSweep = createHostGoneSweep(deps, events);
  const schema = loadSchema();
  const documents = createServerDocuments({ ...deps, schema, events, ...(songExists ? { songExists } : {}) });
  const deleteAccount = createAccountDeletion({ db: deps.db, now: deps.now, events, schema });

  const routes = new Hono<BackendEnv>();
  routes.use('/v1/*', corsMiddleware(deps.config));
  routes.use('/v1/*', projectMiddleware(deps.config.APPWRITE_PROJECT_ID));
  routes.use('/v1/*', callerMiddleware(callers));
  routes.route('/', createAccountRoutes(deps, { callers, events, schema, realtimeSockets: () => realtime.held().sockets, deleteAccount }));
  routes.route('/', createDocumentRoutes(deps, { events, ...(songExists ? { songExists } : {}) }));
  routes.route('/', deviceRoutes(deps, { events }));
  routes.route('/', roomRoutes(deps, { events, ...(songLength ? { songLength } : {}) }));
  routes.all('/v1/*', () => {
    throw new AppwriteError(404, 'general_route_not_found', 'The requested route was not found. Please refer to the API docs and try again.');
  });
  routes.onError((err, c) => {
    if (err instanceof AppwriteError) return c.json(err.toJSON(), err.code as 400, retryAfterHeaders(err));
    if (isDatabaseUnavailable(err)) {
      deps.log.warn('database unavailable', { path: c.req.path, err });
      c.header('retry-after', String(RETRY_AFTER_S));
      return c.json(new AppwriteError(503, 'general_server_error', 'The database is unavailable. Try again in a few seconds.').toJSON(), 503);
    }
    deps.log.error('backend error', { path: c.req.path, err });
    return c.json(new AppwriteError(500, 'general_unknown', 'Server Error').toJSON(), 500);
  });

  return {
    name: 'backend',
    events,
    documents,
    playQueues: createPlayQueues(deps.db, deps.now),
    adminRoutes: usersAdminRoutes(deps.db, deps.now, deleteAccount),
    serverClaimed: () => adminStore(deps.db).claimed(),
    deleteAccount,
    routes: routes as unknown as Hono,
    upgrade: (req, socket, head) => realtime.upgrade(req, socket, head),
    async start() {
      await events.start();
      roomSweep.start();
    },
    async stop() {
      await roomSweep.stop();
      await realtime.stop();
      await events.stop();
    },
  };
}

// What other server modules may use of the backend (they import only this file).
export { createEventBus, type BackendEvent, type EventBus } from './realtime/event-bus.js';
// Songs that left the music library, announced to every open app (the composition root wires the catalogue to it).
export { songsRemovedEvent } from './realtime/catalogue-events.js';
// A listening room's anonymous guest: which audio their room key opens on a private server (the gate asks).
export { roomAdmits } from './rooms/room-access.js';
export { isRoomEnd } from './rooms/room-events.js';
// Deleting an account (Subsonic's deleteUser): its documents go, its realtime sockets close on every instance.
export type { AccountDeletion } from './accounts/account-deletion.js';
// Sessions ended (sign-out, a blocked or deleted account): a private server's gate forgets what it remembered of them.
export { endedSessions } from './realtime/session-end.js';
export { createSystemDocuments, type SystemDocuments, type SystemDocumentsDeps } from './documents/system-documents.js';
export type { DocumentModel } from './documents/document-model.js';
// Documents written and read as a given user (Subsonic's playlists, stars, ratings, play queue).
export { serverQuery, type ServerDocuments, type UserDocuments } from './documents/server-documents.js';
export type { RawQuery } from './documents/query/raw-query.js';
// What a listener plays, wherever: the web app's devices and a Subsonic app's play queue are one state.
export type { PlayQueues, SavedPlayQueue } from './devices/play-states.js';
// The accounts another sign-in scheme checks against (Subsonic's), with the same hashes and login limits.
export { usersStore, type UserRow } from './accounts/users.store.js';
// A listener's favourite songs, a page at a time (Subsonic's songs and starred albums).
export { favouriteSongs } from './documents/favourite-songs.sql.js';
export { dummyHash, hashPassword, verifyPassword } from './auth/password.js';
export { hashSecret, safeEqual } from './auth/secrets.js';
export { limiterStoreFor } from './auth/limiter-store.js';
export { LOGIN_LIMIT } from './auth/login-limiter.js';
export { createRateLimiter } from './auth/rate-limiter.js';
// Routes served under the backend's sessions and in its error shape (Subsonic's /v1 profile routes).
export { createCallerResolver, requireUser, type CallerResolver } from './auth/caller.js';
// Administrators (auth/admins.ts): the composition root lets an administrator's session use the catalogue's admin API;
// Subsonic's user calls list, make, change and delete accounts with the same rules as the admin page.
export { isAdmin, isAdminLabels } from './auth/admins.js';
export { adminStore } from './accounts/admin.store.js';
export { loadSchema } from './schema/appwrite-schema.js';
export { uniqueId } from './http/params.js';
// Who may reach the catalogue on a private server (ACCESS=private): the composition root's gate asks it.
export { mayListen } from './accounts/listeners.js';
// Which music libraries a listener may see (MUSIC_DIRS with per-user access): the catalogue and Subsonic ask it.
export { createLibraryAccess, type LibraryAccess } from './accounts/library-access.js';
export { corsMiddleware } from './http/cors.js';
export { APPWRITE_VERSION, AppwriteError, retryAfterHeaders } from './http/errors.js';
export { clientIp, selfOrigin } from './http/request-info.js';
// What the request guards (http/request-guards.ts) refuse on /v1 before any route, and how they answer, in the
// backend's words (app.ts passes them in).
export const backendGuardRules: BackendRules = {
  errorBody: (r) => new AppwriteError(r.status, r.type, r.message).toJSON(),
  errorReply: (e) => (e instanceof AppwriteError ? { status: e.code, body: e.toJSON() } : null),
  credentialProblem,
  outOfRangeDate,
};
// The sign-in providers the configuration enables (the web app's client config must offer the same).
export { configuredProviders } from './oauth/providers.js';
// A session credential as the backend encodes it (tests that forge or replay one).
export { encodeSessionBlob } from './auth/session-blob.js';
