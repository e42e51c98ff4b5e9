import { createSystemDocuments, type DocumentModel, type EventBus, type SystemDocumentsDeps } from '../../backend/module.js';
import type { PreviewDoc, RequestDoc, RequestStatus, VideoDocuments } from './video-documents.js';

/** The collections of appwrite.json this module works with. */
export const PREVIEW_COLLECTION = 'VideoPreview';
export const REQUEST_COLLECTION = 'VideoRequest';

/**
 * VideoDocuments over the backend's documents written as the server
 * (SystemDocuments): the same tables, document model and realtime events a
 * client's write makes. VideoPreview documents carry no document permissions
 * (the collection's read("any") covers them), and a request keeps the
 * permissions it was created with.
 */
export function createBackendVideoDocuments(deps: SystemDocumentsDeps, bus: Pick<EventBus, 'publish' | 'subscribe'>): VideoDocuments {
  const docs = createSystemDocuments(deps, bus);
  return {
    async queuedRequests(limit) {
      return (await docs.find(REQUEST_COLLECTION, { status: 'queued' }, { limit })).map(toRequest);
    },
    async updateRequest(id, patch) {
      return (await docs.update(REQUEST_COLLECTION, id, { ...patch })) !== null;
    },
    async previewFor(songId) {
      const [found] = await docs.find(PREVIEW_COLLECTION, { song_id: songId }, { limit: 1 });
      return found ? toPreview(found) : null;
    },
    async listPreviews() {
      return (await docs.find(PREVIEW_COLLECTION, {})).map(toPreview);
    },
    async savePreview(songId, data) {
      // Two saves of one song are serialised; the second updates.
      return toPreview((await docs.upsert(PREVIEW_COLLECTION, 'song_id', songId, { ...data })).document);
    },
    async deletePreview(songId) {
      const [deleted] = await docs.removeWhere(PREVIEW_COLLECTION, 'song_id', songId);
      return deleted ? toPreview(deleted) : null;
    },
    async deleteRequestsFor(songId) {
      return (await docs.removeWhere(REQUEST_COLLECTION, 'song_id', songId)).length;
    },
    onRequestCreated(listener) {
      return docs.onCreated(REQUEST_COLLECTION, (doc) => listener(toRequest(doc)));
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
