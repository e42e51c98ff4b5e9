import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';
import type { UserPlaylist } from './playlists-cache.js';

/**
 * Playlist renames made while the device could not reach the server, kept on
 * the device and sent once it is back online (send-pending-changes.ts), like
 * the other playlist changes made offline: one per playlist (the latest
 * name), each sent only by the account that made it. Meanwhile the new name
 * is laid over the lists read from the server. A playlist created offline is
 * renamed where it waits itself (pendingPlaylists), not here.
 */
export const PENDING_RENAMES_KEY = 'pendingPlaylistRenames';

export interface PendingRename {
  playlistId: string;
  name: string;
  userId: string;
}

const isRename = (x: unknown): x is PendingRename => {
  const r = x as Partial<PendingRename> | null;
  return typeof r?.playlistId === 'string' && typeof r.name === 'string' && typeof r.userId === 'string' && r.userId !== '';
};

export function readPendingRenames(storage: StorageLike | undefined = local()): PendingRename[] {
  const raw = readJson<unknown>(storage, PENDING_RENAMES_KEY, []);
  return Array.isArray(raw) ? raw.filter(isRename).map(({ playlistId, name, userId }) => ({ playlistId, name, userId })) : [];
}

/** Remembers a rename to send later; a newer one of the same playlist replaces it. */
export function queueRename(rename: PendingRename, storage: StorageLike | undefined = local()): void {
  const others = readPendingRenames(storage).filter((r) => r.playlistId !== rename.playlistId);
  writeJson(storage, PENDING_RENAMES_KEY, [...others, { playlistId: rename.playlistId, name: rename.name, userId: rename.userId }]);
}

/** Forgets the rename waiting for this playlist (sent, refused, overtaken by one that reached the server, or the playlist deleted). */
export function dropRename(playlistId: string, storage: StorageLike | undefined = local()): void {
  const renames = readPendingRenames(storage);
  if (renames.some((r) => r.playlistId === playlistId)) writeJson(storage, PENDING_RENAMES_KEY, renames.filter((r) => r.playlistId !== playlistId));
}

/** The user's playlists with the names still waiting to be sent laid over them. */
export function withPendingRenames(userId: string, playlists: readonly UserPlaylist[], storage: StorageLike | undefined = local()): UserPlaylist[] {
  const names = new Map(readPendingRenames(storage).filter((r) => r.userId === userId).map((r) => [r.playlistId, r.name]));
  return playlists.map((p) => (names.has(p.$id) ? { ...p, name: names.get(p.$id)! } : p));
}
