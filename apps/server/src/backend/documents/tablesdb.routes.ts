import { Hono, type Context } from 'hono';
import type { BackendEnv } from '../auth/caller.js';
import { AppwriteError, missingParam } from '../http/errors.js';
import type { DocumentModel } from './document-model.js';
import type { DocumentService } from './document-service.js';
import { booleanParam, jsonBody, queriesFromUrl, refuseTransactions } from './request-params.js';

/**
 * TablesDB, the SDK's newer name for the same storage (backend-api.md §4):
 * tables = collections, rows = documents, `rowId` for `documentId`, `$tableId`
 * for `$collectionId`, list key `rows`, and row/table error types. The same
 * service, permissions, rules and realtime events serve both.
 */
const ROWS = '/v1/tablesdb/:databaseId/tables/:tableId/rows';

export function toRow(doc: DocumentModel): Record<string, unknown> {
  const { $id, $sequence, $collectionId, ...rest } = doc;
  return { $id, $sequence, $tableId: $collectionId, ...rest };
}

const TYPES: Record<string, string> = {
  document_not_found: 'row_not_found',
  document_already_exists: 'row_already_exists',
  document_invalid_structure: 'row_invalid_structure',
  document_missing_data: 'row_missing_data',
  document_missing_payload: 'row_missing_payload',
  collection_not_found: 'table_not_found',
};

function asRowError(e: unknown): unknown {
  if (!(e instanceof AppwriteError)) return e;
  const message = e.message
    .replace(/^Document with the requested ID/, 'Row with the requested ID')
    .replace(/^Collection with the requested ID/, 'Table with the requested ID')
    .replace(/^Invalid document structure/, 'Invalid row structure')
    .replace(/^The document data/, 'The row data')
    .replace(/^Invalid `documentId` param/, 'Invalid `rowId` param');
  const type = TYPES[e.type] ?? e.type;
  return type === e.type && message === e.message ? e : new AppwriteError(e.code, type, message, e.retryAfterSeconds);
}

/** Path parameters by name (the wrapper below hides Hono's typed path). */
const params = (c: Context<BackendEnv>) => ({
  databaseId: c.req.param('databaseId') ?? '',
  tableId: c.req.param('tableId') ?? '',
  rowId: c.req.param('rowId') ?? '',
});

type Handler = (c: Context<BackendEnv>) => Promise<Response>;
const rows =
  (handler: Handler): Handler =>
  async (c) => {
    try {
      return await handler(c);
    } catch (e) {
      throw asRowError(e);
    }
  };

export function createTablesRoutes(service: DocumentService) {
  const routes = new Hono<BackendEnv>();

  routes.get(ROWS, rows(async (c) => {
    const { databaseId, tableId } = params(c);
    refuseTransactions(new URL(c.req.url).searchParams);
    const total = booleanParam(c.req.url, 'total', true);
    const list = await service.list(c.var.caller, databaseId, tableId, queriesFromUrl(c.req.url), total);
    return c.json({ total: list.total, rows: list.documents.map(toRow) });
  }));

  routes.post(ROWS, rows(async (c) => {
    const { databaseId, tableId } = params(c);
    const body = await jsonBody(c);
    refuseTransactions(body);
    if (body.rowId === undefined) throw missingParam('rowId');
    if (body.data === undefined) throw missingParam('data');
    const input = { documentId: body.rowId, data: body.data, permissions: body.permissions };
    return c.json(toRow(await service.create(c.var.caller, databaseId, tableId, input)), 201);
  }));

  routes.get(`${ROWS}/:rowId`, rows(async (c) => {
    const { databaseId, tableId, rowId } = params(c);
    return c.json(toRow(await service.get(c.var.caller, databaseId, tableId, rowId, queriesFromUrl(c.req.url))));
  }));

  routes.patch(`${ROWS}/:rowId`, rows(async (c) => {
    const { databaseId, tableId, rowId } = params(c);
    const body = await jsonBody(c);
    refuseTransactions(body);
    return c.json(toRow(await service.update(c.var.caller, databaseId, tableId, rowId, body)));
  }));

  routes.put(`${ROWS}/:rowId`, rows(async (c) => {
    const { databaseId, tableId, rowId } = params(c);
    const body = await jsonBody(c);
    refuseTransactions(body);
    const { created, document } = await service.upsert(c.var.caller, databaseId, tableId, rowId, body);
    return c.json(toRow(document), created ? 201 : 200);
  }));

  routes.delete(`${ROWS}/:rowId`, rows(async (c) => {
    const { databaseId, tableId, rowId } = params(c);
    refuseTransactions(await jsonBody(c));
    await service.remove(c.var.caller, databaseId, tableId, rowId);
    return c.body(null, 204);
  }));

  return routes;
}
