import type { Db, Row } from '../../db/db.js';
import { readRoles } from '../permissions/authorization.js';
import { documentEvent, type DocumentAction } from '../realtime/document-events.js';
import type { EventBus } from '../realtime/event-bus.js';
import { loadSchema, type Collection } from '../schema/appwrite-schema.js';
import { quoteIdent, tableName } from '../schema/sql-names.js';
import { uniqueId } from './document-id.js';
import { formatTimestamp, toDocumentModel, type DocumentModel } from './document-model.js';
import { deleteDocumentsWhere, findDocument, insertDocument, updateDocument } from './document-store.js';

/**
 * Documents another server module writes as the server itself (the video
 * pipeline's previews and request states), the way a server SDK with an API
 * key would: no caller, no permission checks, no client rules, server-only
 * attributes writable. Every change still goes through the backend's own
 * store and publishes the same realtime event a client's write makes, so no
 * other module touches the backend's tables.
 */
export interface SystemDocuments {
  /** Documents whose attributes equal `where`, oldest first. */
  find(collectionId: string, where: Readonly<Record<string, string | number | boolean>>, opts?: { limit?: number }): Promise<DocumentModel[]>;
  /** Creates a document with the given permissions (none: the collection's own cover it). */
  create(collectionId: string, data: Record<string, unknown>, opts?: { permissions?: string[]; at?: number }): Promise<DocumentModel>;
  /** Sets attributes of a document; null when it is gone. */
  update(collectionId: string, documentId: string, patch: Record<string, unknown>): Promise<DocumentModel | null>;
  /**
   * Updates the one document whose `key` attribute equals `value`, or
   * creates it; two calls for one value (on any instance) are serialised.
   */
  upsert(collectionId: string, key: string, value: string, data: Record<string, unknown>): Promise<{ document: DocumentModel; action: 'create' | 'update' }>;
  /** Deletes every document whose `attribute` equals `value`, returning them. */
  removeWhere(collectionId: string, attribute: string, value: string): Promise<DocumentModel[]>;
  /** Calls `listener` for each document created in the collection, by anyone, on any instance. */
  onCreated(collectionId: string, listener: (document: DocumentModel) => void): () => void;
}

export interface SystemDocumentsDeps {
  db: Db;
  now: () => number;
}

export function createSystemDocuments(deps: SystemDocumentsDeps, bus: Pick<EventBus, 'publish' | 'subscribe'>): SystemDocuments {
  const { db, now } = deps;
  const collections = loadSchema().file.collections;
  const collection = (id: string): Collection => {
    const c = collections.find((x) => x.$id === id);
    if (!c) throw new Error(`appwrite.json declares no ${id} collection`);
    return c;
  };
  const table = (c: Collection) => quoteIdent(tableName(c.$id));

  const publish = async (c: Collection, action: DocumentAction, row: Row): Promise<DocumentModel> => {
    const model = toDocumentModel(row, c);
    await bus.publish(documentEvent(action, model, readRoles(c, model.$permissions), formatTimestamp(now())));
    return model;
  };

  return {
    async find(collectionId, where, opts = {}) {
      const c = collection(collectionId);
      const keys = Object.keys(where);
      const params: unknown[] = keys.map((k) => where[k]);
      const filter = keys.length ? `where ${keys.map((k, i) => `${quoteIdent(k)} = $${i + 1}`).join(' and ')}` : '';
      const limit = opts.limit === undefined ? '' : `limit $${params.push(opts.limit)}`;
      const rows = await db.query(`select * from ${table(c)} ${filter} order by "$createdAt", "$sequence" ${limit}`, params);
      return rows.map((r) => toDocumentModel(r, c));
    },
    async create(collectionId, data, opts = {}) {
      const c = collection(collectionId);
      const at = opts.at ?? now();
      const row = await insertDocument(db, c, { id: uniqueId(at), at: new Date(at), permissions: opts.permissions ?? [], values: data });
      return publish(c, 'create', row);
    },
    async update(collectionId, documentId, patch) {
      const c = collection(collectionId);
      const row = await db.transaction(async (tx) => {
        if (!(await findDocument(tx, c, documentId, true))) return null;
        return updateDocument(tx, c, documentId, { ...patch }, null, new Date(now()));
      });
      return row ? publish(c, 'update', row) : null;
    },
    async upsert(collectionId, key, value, data) {
      const c = collection(collectionId);
      const { row, action } = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${c.$id}:${key}:${value}`]);
        const [current] = await tx.query<{ $id: string }>(`select "$id" from ${table(c)} where ${quoteIdent(key)} = $1 for update`, [value]);
        const at = new Date(now());
        if (current) return { row: await updateDocument(tx, c, current.$id, { ...data }, null, at), action: 'update' as const };
        return { row: await insertDocument(tx, c, { id: uniqueId(now()), at, permissions: [], values: { [key]: value, ...data } }), action: 'create' as const };
      });
      return { document: await publish(c, action, row), action };
    },
    async removeWhere(collectionId, attribute, value) {
      const c = collection(collectionId);
      const rows = await deleteDocumentsWhere(db, c, attribute, value);
      const out: DocumentModel[] = [];
      for (const row of rows) out.push(await publish(c, 'delete', row));
      return out;
    },
    onCreated(collectionId, listener) {
      const c = collection(collectionId);
      const created = `databases.${c.databaseId}.collections.${c.$id}.documents.*.create`;
      return bus.subscribe((event) => {
        if (event.events.includes(created)) listener(event.payload as DocumentModel);
      });
    },
  };
}
