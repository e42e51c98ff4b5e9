import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';
import { withDescription, type UserPlaylist } from './playlists-cache.js';

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
  /** The new description ('' to clear it); absent when only the name changed (a rename stored before descriptions). */
  description?: string;
  userId: string;
}

/** The stored fields of a rename, and nothing else. */
const fieldsOf = ({ playlistId, name, description, userId }: PendingRename): PendingRename => ({
  playlistId,
  name,
  ...(typeof description === 'string' ? { description } : {}),
  userId,
});

const isRename = (x: unknown): x is PendingRename => {
  const r = x as Partial<PendingRename> | null;
  return typeof r?.playlistId === 'string' && typeof r.name === 'string' && typeof r.userId === 'string' && r.userId !== '';
};

export function readPendingRenames(storage: StorageLike | undefined = local()): PendingRename[] {
  const raw = readJson<unknown>(storage, PENDING_RENAMES_KEY, []);
  return Array.isArray(raw) ? raw.filter(isRename).map(fieldsOf) : [];
}

/** Remembers a rename to send later; a newer one of the same playlist replaces it. */
export function queueRename(rename: PendingRename, storage: StorageLike | undefined = local()): void {
  const others = readPendingRenames(storage).filter((r) => r.playlistId !== rename.playlistId);
  writeJson(storage, PENDING_RENAMES_KEY, [...others, fieldsOf(rename)]);
}

/** Forgets the rename waiting for this playlist (sent, refused, overtaken by one that reached the server, or the playlist deleted). */
export function dropRename(playlistId: string, storage: StorageLike | undefined = local()): void {
  const renames = readPendingRenames(storage);
  if (renames.some((r) => r.playlistId === playlistId)) writeJson(storage, PENDING_RENAMES_KEY, renames.filter((r) => r.playlistId !== playlistId));
}

/** The user's playlists with the names (and descriptions) still waiting to be sent laid over them. */
export function withPendingRenames(userId: string, playlists: readonly UserPlaylist[], storage: StorageLike | undefined = local()): UserPlaylist[] {
  const renames = new Map(readPendingRenames(storage).filter((r) => r.userId === userId).map((r) => [r.playlistId, r]));
  return playlists.map((p) => {
    const r = renames.get(p.$id);
    if (!r) return p;
    if (r.description === undefined) return { ...p, name: r.name };
    const { description: _old, ...rest } = p;
    return { ...rest, name: r.name, ...withDescription(r.description) };
  });
}
