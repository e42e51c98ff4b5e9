import type { Db } from '../../db/db.js';
import type { EventBus } from '../realtime/event-bus.js';
import { sessionsEndedEvent } from '../realtime/session-end.js';
import type { Schema } from '../schema/appwrite-schema.js';
import { adminStore } from './admin.store.js';
import { appwriteTime } from './models.js';

/** Deletes the account `userId`; false when there is no such account. */
export type AccountDeletion = (userId: string) => Promise<boolean>;

/**
 * Every way of deleting an account goes through here (the Admin page's
 * Delete, `npm run admin -- users delete`, Subsonic's deleteUser): the account
 * and the documents it owns go in one transaction (its sessions, tokens and
 * keys with the row), then the session-end event tells every server instance
 * (the event bus crosses them on PostgreSQL), so the account's realtime
 * sockets close at once with 1008, as a blocked account's do, rather than at
 * the next heartbeat's check of live sessions.
 */
export function createAccountDeletion({ db, now, events, schema }: { db: Db; now: () => number; events: EventBus; schema: Schema }): AccountDeletion {
  return async (userId) => {
    const deleted = await db.transaction((tx) => adminStore(tx).deleteUser(userId, schema));
    if (deleted) await events.publish(sessionsEndedEvent({ userId, sessionIds: null }, appwriteTime(new Date(now()))));
    return deleted;
  };
}
