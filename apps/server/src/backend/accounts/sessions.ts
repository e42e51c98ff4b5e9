import type { Deps } from '../../module.js';
import { encodeSessionBlob } from '../auth/session-blob.js';
import { hashSecret, newSecret } from '../auth/secrets.js';
import { uniqueId } from '../http/params.js';
import { accountErrors } from './errors.js';
import { sessionsStore, type SessionRow } from './sessions.store.js';

/** Appwrite's default session length (`auths.duration`): one year. */
export const SESSION_DURATION_MS = 365 * 86_400_000;
/** Appwrite keeps at most 10 sessions per user; the oldest are dropped. */
export const MAX_SESSIONS_PER_USER = 10;

/** How a session came to be (Session model `provider`, `providerUid`, `factors`). */
export interface SessionOrigin {
  provider: string;
  providerUid?: string;
  factors: string[];
}

/** Where the request came from (Session model `ip` and client facts). */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface IssuedSession {
  session: SessionRow;
  /** The base64 `{id, secret}` credential for the cookies; its secret is not stored. */
  blob: string;
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(deps: Deps) {
  const store = sessionsStore(deps.db);
  const at = () => new Date(deps.now());

  return {
    async issue(userId: string, origin: SessionOrigin, client: ClientInfo): Promise<IssuedSession> {
      const now = deps.now();
      const secret = newSecret();
      const session = await store.insert({
        id: uniqueId(now),
        userId,
        secretHash: hashSecret(secret),
        provider: origin.provider,
        providerUid: origin.providerUid ?? '',
        factors: origin.factors,
        ip: client.ip,
        userAgent: client.userAgent,
        expire: new Date(now + SESSION_DURATION_MS),
        at: new Date(now),
      });
      await store.trim(userId, MAX_SESSIONS_PER_USER, new Date(now));
      return { session, blob: encodeSessionBlob({ userId, secret }) };
    },

    list: (userId: string) => store.listLive(userId, at()),

    async get(userId: string, sessionId: string): Promise<SessionRow> {
      const s = await store.getLive(sessionId, userId, at());
      if (!s) throw accountErrors.sessionNotFound();
      return s;
    },

    /** Appwrite's PATCH on a session renews it for another full duration. */
    async extend(userId: string, sessionId: string): Promise<SessionRow> {
      await this.get(userId, sessionId);
      const now = deps.now();
      return (await store.extend(sessionId, new Date(now + SESSION_DURATION_MS), new Date(now)))!;
    },

    async delete(userId: string, sessionId: string): Promise<void> {
      if (!(await store.delete(sessionId, userId))) throw accountErrors.sessionNotFound();
    },

    deleteAll: async (userId: string) => void (await store.deleteAll(userId)),

    /** Ends every session of the user but `keepId`; the ids that ended. */
    deleteOthers: (userId: string, keepId: string) => store.deleteAllBut(userId, keepId),
  };
}
