import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import type { BackendEnv } from '../auth/caller.js';
import { missingParam } from '../http/errors.js';
import type { EventBus } from '../realtime/event-bus.js';
import { loadSchema, type Schema } from '../schema/appwrite-schema.js';
import { createDocumentService } from './document-service.js';
import type { SongExists } from './rules/collection-rules.js';
import { createCreationRates } from './rules/creation-rates.js';
import { booleanParam, jsonBody, queriesFromUrl, refuseTransactions } from './request-params.js';
import { createTablesRoutes } from './tablesdb.routes.js';

const DOCUMENTS = '/v1/databases/:databaseId/collections/:collectionId/documents';

/**
 * /v1/databases/{db}/collections/{col}/documents with queries and permissions
 * (backend-api.md §4), and the same storage as TablesDB rows.
 */
export function createDocumentRoutes(deps: Deps, ctx: { events: EventBus; schema?: Schema; songExists?: SongExists }) {
  const creationRates = deps.config.RATE_LIMITS === 'on' ? createCreationRates(deps.db, deps.now) : undefined;
  const service = createDocumentService({ ...deps, schema: ctx.schema ?? loadSchema(), events: ctx.events, creationRates, ...(ctx.songExists ? { songExists: ctx.songExists } : {}) });
  const routes = new Hono<BackendEnv>();

  routes.get(DOCUMENTS, async (c) => {
    const { databaseId, collectionId } = c.req.param();
    refuseTransactions(new URL(c.req.url).searchParams);
    const total = booleanParam(c.req.url, 'total', true);
    return c.json(await service.list(c.var.caller, databaseId, collectionId, queriesFromUrl(c.req.url), total));
  });

  routes.post(DOCUMENTS, async (c) => {
    const { databaseId, collectionId } = c.req.param();
    const body = await jsonBody(c);
    refuseTransactions(body);
    if (body.documentId === undefined) throw missingParam('documentId');
    if (body.data === undefined) throw missingParam('data');
    return c.json(await service.create(c.var.caller, databaseId, collectionId, body), 201);
  });

  routes.get(`${DOCUMENTS}/:documentId`, async (c) => {
    const { databaseId, collectionId, documentId } = c.req.param();
    return c.json(await service.get(c.var.caller, databaseId, collectionId, documentId, queriesFromUrl(c.req.url)));
  });

  routes.patch(`${DOCUMENTS}/:documentId`, async (c) => {
    const { databaseId, collectionId, documentId } = c.req.param();
    const body = await jsonBody(c);
    refuseTransactions(body);
    return c.json(await service.update(c.var.caller, databaseId, collectionId, documentId, body));
  });

  routes.put(`${DOCUMENTS}/:documentId`, async (c) => {
    const { databaseId, collectionId, documentId } = c.req.param();
    const body = await jsonBody(c);
    refuseTransactions(body);
    const { created, document } = await service.upsert(c.var.caller, databaseId, collectionId, documentId, body);
    return c.json(document, created ? 201 : 200);
  });

  routes.delete(`${DOCUMENTS}/:documentId`, async (c) => {
    const { databaseId, collectionId, documentId } = c.req.param();
    refuseTransactions(await jsonBody(c));
    await service.remove(c.var.caller, databaseId, collectionId, documentId);
    return c.body(null, 204);
  });

  routes.route('/', createTablesRoutes(service));
  return routes;
}
