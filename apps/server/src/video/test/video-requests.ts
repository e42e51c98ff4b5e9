import type { Queryable } from '../../db/db.js';
import { readRoles } from '../../backend/permissions/authorization.js';
import { documentEvent } from '../../backend/realtime/document-events.js';
import type { BackendEvent } from '../../backend/realtime/event-bus.js';
import { loadSchema } from '../../backend/schema/appwrite-schema.js';
import { uniqueId } from '../../backend/documents/document-id.js';
import { formatTimestamp, toDocumentModel } from '../../backend/documents/document-model.js';
import { findDocument, insertDocument } from '../../backend/documents/document-store.js';
import { REQUEST_COLLECTION } from '../documents/backend-video-documents.js';

const requests = () => loadSchema().file.collections.find((c) => c.$id === REQUEST_COLLECTION)!;

/**
 * A VideoRequest as the backend stores it when a signed-in user asks for a
 * video (status queued, readable by the requester only), with its create event.
 */
export async function requestVideo(
  db: Queryable,
  publish: (e: BackendEvent) => Promise<void>,
  opts: { songId: string; userId: string; nowMs: number },
): Promise<string> {
  const c = requests();
  const row = await insertDocument(db, c, {
    id: uniqueId(opts.nowMs),
    at: new Date(opts.nowMs),
    permissions: [`read("user:${opts.userId}")`],
    values: {
      song_id: opts.songId,
      url: `http://localhost:8080/download?name=song&id=${opts.songId}`,
      userId: opts.userId,
      status: 'queued',
      attempts: 0,
      error: null,
    },
  });
  const model = toDocumentModel(row, c);
  await publish(documentEvent('create', model, readRoles(c, model.$permissions), formatTimestamp(opts.nowMs)));
  return model.$id;
}

export async function getRequest(db: Queryable, id: string) {
  const row = await findDocument(db, requests(), id);
  return row ? toDocumentModel(row, requests()) : null;
}
