import { q, type BackendApi } from '../../shared/lib/backend.js';

/** Plays kept per listener on the device's screens (the server keeps them all). */
export const HISTORY_LIST_LIMIT = 200;

export interface HistoryEntry {
  songId: string;
  /** When the play counted (the document's creation time), ISO 8601. */
  playedAt: string;
}

/** One counted play: a History document the server keeps for the listener alone. */
export async function recordPlay(api: BackendApi, userId: string, songId: string): Promise<void> {
  await api.create('History', { userId, songId });
}

/** The listener's plays, newest first. */
export async function fetchHistory(api: BackendApi, userId: string, limit = HISTORY_LIST_LIMIT): Promise<HistoryEntry[]> {
  const docs = await api.list('History', [q.equal('userId', userId), q.orderDesc('$createdAt'), q.limit(limit)]);
  return docs.map((d) => ({ songId: String(d.songId ?? ''), playedAt: String(d.$createdAt ?? '') })).filter((e) => e.songId !== '');
}
