import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { userModel } from '../accounts/models.js';
import { usersStore } from '../accounts/users.store.js';
import type { Caller } from '../auth/caller.js';
import { userRoles } from '../auth/roles.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { Schema } from '../schema/appwrite-schema.js';
import type { DocumentModel } from './document-model.js';
import type { SongExists } from './rules/collection-rules.js';
import { createDocumentService } from './document-service.js';
import type { RawQuery } from './query/raw-query.js';

/**
 * Document reads and writes another server module makes on behalf of a user
 * (the Subsonic API starring a song, editing a playlist): the /v1 routes'
 * own service, so the same validation, permissions, server rules,
 * transactions and realtime events apply as if the user's session had made
 * the request. Failures are the same AppwriteErrors (404, 401, 409, 400).
 */
export interface UserDocuments {
  readonly userId: string;
  create(collectionId: string, data: Record<string, unknown>, opts?: { documentId?: string; permissions?: string[] }): Promise<DocumentModel>;
  get(collectionId: string, documentId: string): Promise<DocumentModel>;
  /** Documents the user may read that match `queries` (see `serverQuery`); no total is counted. */
  list(collectionId: string, queries: readonly RawQuery[]): Promise<DocumentModel[]>;
  update(collectionId: string, documentId: string, data: Record<string, unknown>, permissions?: string[]): Promise<DocumentModel>;
  remove(collectionId: string, documentId: string): Promise<void>;
}

export interface ServerDocuments {
  /** The user's documents, with the roles a session of theirs holds; null for an unknown or blocked account. */
  as(userId: string): Promise<UserDocuments | null>;
}

export interface ServerDocumentsDeps {
  db: Db;
  log: Logger;
  now: () => number;
  schema: Schema;
  events: EventBus;
  /** The catalogue's songs (video requests name one). */
  songExists?: SongExists;
}

/** Queries in the wire form the service reads (as the SDK's `Query` helpers make them). */
export const serverQuery = {
  equal: (attribute: string, values: readonly (string | number | boolean)[]): RawQuery => ({ method: 'equal', attribute, values: [...values] }),
  orderAsc: (attribute: string): RawQuery => ({ method: 'orderAsc', attribute, values: [] }),
  orderDesc: (attribute: string): RawQuery => ({ method: 'orderDesc', attribute, values: [] }),
  limit: (n: number): RawQuery => ({ method: 'limit', attribute: '', values: [n] }),
  offset: (n: number): RawQuery => ({ method: 'offset', attribute: '', values: [n] }),
};

export function createServerDocuments(deps: ServerDocumentsDeps): ServerDocuments {
  const service = createDocumentService(deps);
  const users = usersStore(deps.db);
  /** Collection ids are unique across appwrite.json's databases. */
  const databaseOf = (collectionId: string): string =>
    deps.schema.file.collections.find((c) => c.$id === collectionId)?.databaseId ?? deps.schema.file.databases[0]?.$id ?? '';

  const forCaller = (caller: Caller & { userId: string }): UserDocuments => ({
    userId: caller.userId,
    create: (collectionId, data, opts = {}) =>
      service.create(caller, databaseOf(collectionId), collectionId, {
        documentId: opts.documentId ?? 'unique()',
        data,
        ...(opts.permissions ? { permissions: opts.permissions } : {}),
      }),
    get: (collectionId, id) => service.get(caller, databaseOf(collectionId), collectionId, id, []),
    list: async (collectionId, queries) => (await service.list(caller, databaseOf(collectionId), collectionId, [...queries], false)).documents,
    update: (collectionId, id, data, permissions) =>
      service.update(caller, databaseOf(collectionId), collectionId, id, { data, ...(permissions ? { permissions } : {}) }),
    remove: (collectionId, id) => service.remove(caller, databaseOf(collectionId), collectionId, id),
  });

  return {
    async as(userId) {
      const user = await users.byId(userId);
      if (!user || !user.status) return null;
      return forCaller({
        userId: user.id,
        sessionId: null,
        roles: userRoles({ id: user.id, emailVerification: user.email_verification, labels: user.labels }),
        account: userModel(user),
      });
    },
  };
}
