import type { Db, Row } from '../../db/db.js';
import type { Logger } from '../../log.js';
import type { Caller } from '../auth/caller.js';
import { AppwriteError } from '../http/errors.js';
import {
  collectionAllows,
  documentAllows,
  readRoles,
  readScope,
  resolveDocumentPermissions,
  unauthorized,
} from '../permissions/authorization.js';
import { permissionsFor } from '../permissions/permission.js';
import type { Collection, Schema } from '../schema/appwrite-schema.js';
import { documentEvent, type DocumentAction } from '../realtime/document-events.js';
import type { EventBus } from '../realtime/event-bus.js';
import { asDuplicateError } from './duplicates.js';
import { resolveDocumentId } from './document-id.js';
import { formatTimestamp, toDocumentModel, type DocumentModel } from './document-model.js';
import { deleteDocument, findDocument, insertDocument, listDocuments, updateDocument } from './document-store.js';
import { parseGetQueries, parseListQueries } from './query/parse-queries.js';
import { decodeQueries } from './query/raw-query.js';
import type { Cascade, CollectionRules, RuleContext, SongExists } from './rules/collection-rules.js';
import type { CreationRates } from './rules/creation-rates.js';
import { rulesFor as defaultRules } from './rules/index.js';
import { dataObject, invalidStructure, validateData } from './validate-data.js';

/**
 * Documents of appwrite.json's collections (backend-api.md §4, §6): every
 * read and write checks permissions, runs the collection's server rules in
 * the write's transaction, then publishes the realtime event.
 */
export interface DocumentServiceDeps {
  db: Db;
  log: Logger;
  now: () => number;
  schema: Schema;
  events: EventBus;
  rules?: (collectionId: string) => CollectionRules;
  /** The catalogue's songs, for rules that name one (video requests); none checked when absent. */
  songExists?: SongExists;
  /** Limits on how many documents a session and a user may create (RATE_LIMITS); none when absent. */
  creationRates?: CreationRates;
}

export interface CreateInput {
  documentId?: unknown;
  data?: unknown;
  permissions?: unknown;
}

export interface UpdateInput {
  data?: unknown;
  permissions?: unknown;
}

export type DocumentService = ReturnType<typeof createDocumentService>;

const notFound = (id: string) =>
  new AppwriteError(404, 'document_not_found', `Document with the requested ID '${id}' could not be found.`);

export function createDocumentService(deps: DocumentServiceDeps) {
  const rulesFor = deps.rules ?? defaultRules;

  function collectionOf(databaseId: string, collectionId: string): Collection {
    const database = deps.schema.database(databaseId);
    if (!database || !database.enabled) {
      throw new AppwriteError(404, 'database_not_found', `Database with the requested ID '${databaseId}' could not be found.`);
    }
    const collection = deps.schema.collection(databaseId, collectionId);
    if (!collection || !collection.enabled) {
      throw new AppwriteError(404, 'collection_not_found', `Collection with the requested ID '${collectionId}' could not be found.`);
    }
    return collection;
  }

  async function publish(action: DocumentAction, collection: Collection, rows: Row[], at: number) {
    for (const row of rows) {
      const model = toDocumentModel(row, collection);
      try {
        await deps.events.publish(documentEvent(action, model, readRoles(collection, model.$permissions), formatTimestamp(at)));
      } catch (err) {
        // The write is committed; a lost event only delays other devices until their next fetch.
        deps.log.warn('realtime publish failed', { collection: collection.$id, err });
      }
    }
  }

  function checkServerAttributes(rules: CollectionRules, data: Record<string, unknown>) {
    for (const key of rules.serverAttributes ?? []) {
      if (key in data) throw invalidStructure(`Attribute "${key}" is set by the server and cannot be written by clients`);
    }
  }

  function permissionsOf(rules: CollectionRules, collection: Collection, caller: Caller, requested: unknown): string[] {
    if (!rules.fixedPermissions) return resolveDocumentPermissions(requested, caller);
    if (requested !== undefined) {
      throw new AppwriteError(400, 'general_argument_invalid', `Invalid \`permissions\` param: permissions of ${collection.name} documents are set by the server.`);
    }
    return rules.fixedPermissions(caller);
  }

  const context = (tx: RuleContext['tx'], caller: Caller, collection: Collection, now: number): RuleContext => ({
    tx,
    caller,
    collection,
    schema: deps.schema,
    now,
    songExists: deps.songExists ?? (async () => null),
  });

  async function create(caller: Caller, databaseId: string, collectionId: string, input: CreateInput): Promise<DocumentModel> {
    const collection = collectionOf(databaseId, collectionId);
    if (!collectionAllows(collection, 'create', caller.roles)) throw unauthorized();
    const rules = rulesFor(collection.$id);
    const data = dataObject(input.data);
    if (Object.keys(data).length === 0) {
      throw new AppwriteError(400, 'document_missing_data', 'The document data is missing. Try again with document data populated');
    }
    checkServerAttributes(rules, data);
    const values = validateData(collection, data, 'create');
    const permissions = permissionsOf(rules, collection, caller, input.permissions);
    const now = deps.now();
    const id = resolveDocumentId(input.documentId, now);
    await deps.creationRates?.take(caller, collection.$id);
    const row = await deps.db
      .transaction(async (tx) => {
        await rules.beforeCreate?.(context(tx, caller, collection, now), values);
        return insertDocument(tx, collection, { id, at: new Date(now), permissions, values });
      })
      .catch((e: unknown) => {
        throw asDuplicateError(e, collection, rules, id);
      });
    await publish('create', collection, [row], now);
    return toDocumentModel(row, collection);
  }

  async function get(caller: Caller, databaseId: string, collectionId: string, id: string, queries: unknown[]) {
    const collection = collectionOf(databaseId, collectionId);
    const select = parseGetQueries(decodeQueries(queries), collection);
    const row = await findDocument(deps.db, collection, id);
    if (!row || !documentAllows(collection, row.$permissions as string[], 'read', caller.roles)) throw notFound(id);
    return toDocumentModel(row, collection, select);
  }

  async function list(caller: Caller, databaseId: string, collectionId: string, queries: unknown[], withTotal: boolean) {
    const collection = collectionOf(databaseId, collectionId);
    const scope = readScope(collection, caller.roles);
    const query = parseListQueries(decodeQueries(queries), collection);
    const readPermissions = scope === 'all' ? null : permissionsFor('read', caller.roles);
    let cursorRow: Row | null = null;
    if (query.cursor) {
      const id = query.cursor.documentId;
      cursorRow = await findDocument(deps.db, collection, id);
      if (!cursorRow || !documentAllows(collection, cursorRow.$permissions as string[], 'read', caller.roles)) {
        throw new AppwriteError(400, 'general_cursor_not_found', `Cursor document with the requested ID '${id}' could not be found.`);
      }
    }
    const { rows, total } = await listDocuments(deps.db, collection, query, { readPermissions, cursorRow, withTotal });
    return { total: total ?? 0, documents: rows.map((r) => toDocumentModel(r, collection, query.select)) };
  }

  async function update(
    caller: Caller,
    databaseId: string,
    collectionId: string,
    id: string,
    input: UpdateInput,
    action: DocumentAction = 'update',
  ): Promise<DocumentModel> {
    const collection = collectionOf(databaseId, collectionId);
    const rules = rulesFor(collection.$id);
    const data = input.data === undefined || input.data === null ? {} : dataObject(input.data);
    // `permissions: null` means "not given", as omitting it does: keep the current ones.
    const requested = input.permissions ?? undefined;
    if (Object.keys(data).length === 0 && requested === undefined) {
      throw new AppwriteError(
        400,
        'document_missing_payload',
        'The document data and permissions are missing. You must provide either document data or permissions to be updated.',
      );
    }
    const now = deps.now();
    const row = await deps.db
      .transaction(async (tx) => {
        const current = await findDocument(tx, collection, id, true);
        if (!current) throw notFound(id);
        // Permission first: someone who may not update learns nothing from validation errors.
        if (!documentAllows(collection, current.$permissions as string[], 'update', caller.roles)) throw unauthorized();
        checkServerAttributes(rules, data);
        const changes = validateData(collection, data, 'update');
        const permissions = requested === undefined ? null : permissionsOf(rules, collection, caller, requested);
        await rules.beforeUpdate?.(context(tx, caller, collection, now), current, changes);
        return updateDocument(tx, collection, id, changes, permissions, new Date(now));
      })
      .catch((e: unknown) => {
        throw asDuplicateError(e, collection, rules, id);
      });
    await publish(action, collection, [row], now);
    return toDocumentModel(row, collection);
  }

  /** PUT: updates the document when it exists, else creates it with the path's id. */
  async function upsert(caller: Caller, databaseId: string, collectionId: string, id: string, input: UpdateInput) {
    const collection = collectionOf(databaseId, collectionId);
    if (await findDocument(deps.db, collection, id)) {
      return { created: false, document: await update(caller, databaseId, collectionId, id, input, 'upsert') };
    }
    return { created: true, document: await create(caller, databaseId, collectionId, { ...input, documentId: id }) };
  }

  async function remove(caller: Caller, databaseId: string, collectionId: string, id: string): Promise<void> {
    const collection = collectionOf(databaseId, collectionId);
    const rules = rulesFor(collection.$id);
    const now = deps.now();
    const { row, cascades } = await deps.db.transaction(async (tx) => {
      const current = await findDocument(tx, collection, id, true);
      if (!current) throw notFound(id);
      if (!documentAllows(collection, current.$permissions as string[], 'delete', caller.roles)) throw unauthorized();
      const deleted = (await deleteDocument(tx, collection, id))!;
      const cascades: Cascade[] = (await rules.afterDelete?.(context(tx, caller, collection, now), deleted)) ?? [];
      return { row: deleted, cascades };
    });
    await publish('delete', collection, [row], now);
    for (const c of cascades) await publish('delete', c.collection, c.rows, now);
  }

  return { collectionOf, create, get, list, update, upsert, remove };
}
