import type { Db, Row } from '../../db/db.js';
import { readRoles } from '../../backend/permissions/authorization.js';
import { documentEvent, type DocumentAction } from '../../backend/realtime/document-events.js';
import type { EventBus } from '../../backend/realtime/event-bus.js';
import { loadSchema, type Collection } from '../../backend/schema/appwrite-schema.js';
import { quoteIdent, tableName } from '../../backend/schema/sql-names.js';
import { uniqueId } from '../../backend/documents/document-id.js';
import { formatTimestamp, toDocumentModel, type DocumentModel } from '../../backend/documents/document-model.js';
import { deleteDocument, findDocument, insertDocument, updateDocument } from '../../backend/documents/document-store.js';
import type { PreviewDoc, RequestDoc, RequestStatus, VideoDocuments } from './video-documents.js';

/** The collections of appwrite.json this module works with. */
export const PREVIEW_COLLECTION = 'VideoPreview';
export const REQUEST_COLLECTION = 'VideoRequest';

const collection = (id: string): Collection => {
  const c = loadSchema().file.collections.find((x) => x.$id === id);
  if (!c) throw new Error(`appwrite.json declares no ${id} collection`);
  return c;
};

/**
 * VideoDocuments over the backend's own document store: the same tables, the
 * same document model and the same realtime events a client's write makes.
 * The server writes as itself: VideoPreview documents carry no document
 * permissions (the collection's read("any") covers them), and a request keeps
 * the permissions it was created with.
 */
export function createBackendVideoDocuments(deps: { db: Db; now: () => number }, bus: Pick<EventBus, 'publish' | 'subscribe'>): VideoDocuments {
  const { db, now } = deps;
  const previews = collection(PREVIEW_COLLECTION);
  const requests = collection(REQUEST_COLLECTION);
  const previewTable = quoteIdent(tableName(previews.$id));
  const requestTable = quoteIdent(tableName(requests.$id));

  const publish = async (c: Collection, action: DocumentAction, row: Row) => {
    const model = toDocumentModel(row, c);
    await bus.publish(documentEvent(action, model, readRoles(c, model.$permissions), formatTimestamp(now())));
    return model;
  };

  return {
    async queuedRequests(limit) {
      const rows = await db.query(
        `select * from ${requestTable} where coalesce(status, 'queued') = 'queued' order by "$createdAt", "$sequence" limit $1`,
        [limit],
      );
      return rows.map((r) => toRequest(toDocumentModel(r, requests)));
    },
    async updateRequest(id, patch) {
      const row = await db.transaction(async (tx) => {
        if (!(await findDocument(tx, requests, id, true))) return null;
        return updateDocument(tx, requests, id, { ...patch }, null, new Date(now()));
      });
      if (!row) return false;
      await publish(requests, 'update', row);
      return true;
    },
    async previewFor(songId) {
      const [row] = await db.query(`select * from ${previewTable} where song_id = $1`, [songId]);
      return row ? toPreview(toDocumentModel(row, previews)) : null;
    },
    async listPreviews() {
      const rows = await db.query(`select * from ${previewTable} order by "$createdAt", "$sequence"`);
      return rows.map((r) => toPreview(toDocumentModel(r, previews)));
    },
    async savePreview(songId, data) {
      const { row, action } = await db.transaction(async (tx) => {
        // The unique song_id index serialises two saves of one song; the second updates.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`video-preview:${songId}`]);
        const [current] = await tx.query<{ $id: string }>(`select "$id" from ${previewTable} where song_id = $1 for update`, [songId]);
        const at = new Date(now());
        if (current) return { row: await updateDocument(tx, previews, current.$id, { ...data }, null, at), action: 'update' as const };
        const values = { song_id: songId, ...data };
        return { row: await insertDocument(tx, previews, { id: uniqueId(now()), at, permissions: [], values }), action: 'create' as const };
      });
      return toPreview(await publish(previews, action, row));
    },
    async deletePreview(songId) {
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.query<{ $id: string }>(`select "$id" from ${previewTable} where song_id = $1 for update`, [songId]);
        return current ? deleteDocument(tx, previews, current.$id) : null;
      });
      return row ? toPreview(await publish(previews, 'delete', row)) : null;
    },
    async deleteRequestsFor(songId) {
      const rows = await db.query(`delete from ${requestTable} where song_id = $1 returning *`, [songId]);
      for (const row of rows) await publish(requests, 'delete', row);
      return rows.length;
    },
    onRequestCreated(listener) {
      const created = `databases.${requests.databaseId}.collections.${requests.$id}.documents.*.create`;
      return bus.subscribe((event) => {
        if (event.events.includes(created)) listener(toRequest(event.payload as DocumentModel));
      });
    },
  };
}

const toPreview = (m: DocumentModel): PreviewDoc => ({
  $id: m.$id,
  song_id: m.song_id as string,
  aws_url: m.aws_url as string,
  audio_url: (m.audio_url as string | null) ?? null,
});

const toRequest = (m: DocumentModel): RequestDoc => ({
  $id: m.$id,
  song_id: m.song_id as string,
  userId: (m.userId as string | null) ?? null,
  status: ((m.status as RequestStatus | null) ?? 'queued'),
  attempts: Number(m.attempts ?? 0),
  error: (m.error as string | null) ?? null,
});
