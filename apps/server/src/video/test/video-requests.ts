import type { Db } from '../../db/db.js';
import { createSystemDocuments, type BackendEvent } from '../../backend/module.js';
import { REQUEST_COLLECTION } from '../documents/backend-video-documents.js';

const bus = (publish: (e: BackendEvent) => Promise<void>) => ({ publish, subscribe: () => () => {} });

/**
 * A VideoRequest as the backend stores it when a signed-in user asks for a
 * video (status queued, readable by the requester only), with its create event.
 */
export async function requestVideo(
  db: Db,
  publish: (e: BackendEvent) => Promise<void>,
  opts: { songId: string; userId: string; nowMs: number },
): Promise<string> {
  const docs = createSystemDocuments({ db, now: () => opts.nowMs }, bus(publish));
  const data = {
    song_id: opts.songId,
    url: `http://localhost:8080/download?name=song&id=${opts.songId}`,
    userId: opts.userId,
    status: 'queued',
    attempts: 0,
    error: null,
  };
  return (await docs.create(REQUEST_COLLECTION, data, { permissions: [`read("user:${opts.userId}")`], at: opts.nowMs })).$id;
}

export async function getRequest(db: Db, id: string) {
  const docs = createSystemDocuments({ db, now: Date.now }, bus(async () => {}));
  return (await docs.find(REQUEST_COLLECTION, { $id: id }))[0] ?? null;
}
