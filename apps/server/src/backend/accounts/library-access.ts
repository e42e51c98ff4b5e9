import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { scopeOf, type LibraryListener, type LibraryScope } from '../../music-libraries.js';
import { ADMIN_LABEL, isAdmin, isAdminLabels } from '../auth/admins.js';
import type { CallerResolver } from '../auth/caller.js';
import { libraryAccessStore } from './library-access.store.js';
import { usersStore } from './users.store.js';

/**
 * Who may listen to each library (MUSIC_DIRS): an administrator opens a library to everyone (the default) or to
 * chosen accounts (the Admin page's Libraries, /v1/admin/libraries). Administrators see every library, and
 * anonymous visitors of a public server the libraries open to everyone. The catalogue and Subsonic ask for the
 * scope of each request through these typed calls; the tables stay the backend's.
 */
export interface LibraryAccess {
  /** The scope of whoever these request credentials name (a guest without them). */
  forHeaders(headers: Headers): Promise<LibraryScope>;
  /** The scope of an account known by other means (Subsonic's own sign-in), or of an anonymous visitor. */
  forListener(who: LibraryListener): Promise<LibraryScope>;
  /** The scope of an account by its id (an administrator's is every library). */
  forAccount(userId: string): Promise<LibraryScope>;
  /**
   * The realtime roles that may hear of a library's songs: `any` for one open to everyone, else the accounts
   * granted it and the administrators (an unknown library, '', is the administrators' alone).
   */
  audience(libraryId: string): Promise<string[]>;
}

const UNDEFINED_TABLE = '42P01';

export function createLibraryAccess(deps: { config: Pick<Config, 'libraries'>; db: Db }, callers: CallerResolver): LibraryAccess {
  const store = libraryAccessStore(deps.db);
  const restricted = async () => {
    try {
      return new Map((await store.restricted()).map((r) => [r.library_id, new Set(r.user_ids)]));
    } catch (e) {
      // A catalogue served without the backend's tables (`--only catalogue` on a database of its own): no grants.
      if ((e as { code?: string }).code === UNDEFINED_TABLE) return new Map<string, Set<string>>();
      throw e;
    }
  };
  const forListener = async (who: LibraryListener) => {
    const map = await restricted();
    // Nothing restricted (every server until an administrator says otherwise): no need to know who asks.
    return map.size === 0 ? null : scopeOf(deps.config.libraries, map, who);
  };
  return {
    forListener,
    async forAccount(userId) {
      const map = await restricted();
      if (map.size === 0) return null;
      const user = await usersStore(deps.db).byId(userId);
      return scopeOf(deps.config.libraries, map, { userId: user ? userId : null, admin: isAdminLabels(user?.labels) });
    },
    async audience(libraryId) {
      const map = await restricted();
      const known = deps.config.libraries.some((l) => l.id === libraryId);
      const granted = known ? map.get(libraryId) : new Set<string>();
      return granted ? [`label:${ADMIN_LABEL}`, ...[...granted].map((id) => `user:${id}`)] : ['any'];
    },
    async forHeaders(headers) {
      const map = await restricted();
      if (map.size === 0) return null;
      const caller = await callers.fromHeaders(headers);
      return scopeOf(deps.config.libraries, map, { userId: caller.userId, admin: isAdmin(caller) });
    },
  };
}
