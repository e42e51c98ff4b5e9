/**
 * The two backend collections the video pipeline reads and writes
 * (appwrite.json: VideoPreview, VideoRequest). Writes go through the backend's
 * documents layer so every change reaches realtime subscribers exactly as a
 * client's own write would.
 */
export interface PreviewDoc {
  $id: string;
  song_id: string;
  aws_url: string;
  audio_url: string | null;
}

export type RequestStatus = 'queued' | 'rendering' | 'done' | 'failed';

export interface RequestDoc {
  $id: string;
  song_id: string;
  userId: string | null;
  status: RequestStatus;
  attempts: number;
  error: string | null;
}

export interface VideoDocuments {
  /** Requests still waiting for a render, oldest first. */
  queuedRequests(limit: number): Promise<RequestDoc[]>;
  /** Sets server-managed fields of a request (publishes the update event); false when it is gone. */
  updateRequest(id: string, patch: Partial<Pick<RequestDoc, 'status' | 'attempts' | 'error'>>): Promise<boolean>;
  previewFor(songId: string): Promise<PreviewDoc | null>;
  listPreviews(): Promise<PreviewDoc[]>;
  /** Creates the song's preview document, or updates its URLs when it exists (publishing the event). */
  savePreview(songId: string, data: { aws_url: string; audio_url: string | null }): Promise<PreviewDoc>;
  /** Deletes the song's preview document (publishing the event); the deleted document, or null. */
  deletePreview(songId: string): Promise<PreviewDoc | null>;
  /** Deletes the song's requests (publishing the events), so the song can be requested again. */
  deleteRequestsFor(songId: string): Promise<number>;
  /** Calls `listener` when a client creates a VideoRequest (on any server instance). */
  onRequestCreated(listener: (doc: RequestDoc) => void): () => void;
}
