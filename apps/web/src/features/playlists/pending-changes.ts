import type { BackendFailure } from '../../shared/lib/backend.js';
import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';
import type { UserPlaylist } from './playlists-cache.js';

/**
 * Playlist changes made while the device could not reach the server: kept on
 * the device and sent when it is back online (the failed-favourites retry of
 * SPEC §4 is the model), so nothing the listener did offline is lost. A song
 * has at most one change waiting per playlist: the latest (an addition
 * replaces a removal, and the other way round). A playlist created offline
 * has an id of its own until the server gives it one.
 */
export const PENDING_ADDS_KEY = 'pendingPlaylistAdds';
export const PENDING_REMOVALS_KEY = 'pendingPlaylistRemovals';
export const PENDING_PLAYLISTS_KEY = 'pendingPlaylists';

export interface PendingAdd {
  playlistId: string;
  songId: string;
}

export interface PendingRemoval extends PendingAdd {
  /** Where the song was, to put it back there if the server refuses. */
  position: number;
}

/**
 * A removal or a creation is kept for later only when the server did not
 * answer at all (offline); an answered failure is SPEC §4's failure (the song
 * comes back, the dialog stays open). Once sent from the queue, a server
 * fault or a rate limit also waits for the next try (isTransient).
 */
export const gotNoAnswer = (f: BackendFailure): boolean => f.code === 0;

/** The mark of a playlist created offline, in Library's list and on its screen. */
export const PENDING_PLAYLIST_NOTE = 'Will be created when you are back online';

const LOCAL_ID_PREFIX = 'offline-';

/** A playlist created offline, not yet on the server. */
export const isPendingPlaylistId = (id: string): boolean => id.startsWith(LOCAL_ID_PREFIX);

export const newPendingPlaylistId = (): string => `${LOCAL_ID_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const same = (a: PendingAdd, b: PendingAdd) => a.playlistId === b.playlistId && a.songId === b.songId;
const isChange = (x: unknown): x is PendingAdd =>
  typeof (x as PendingAdd | null)?.playlistId === 'string' && typeof (x as PendingAdd | null)?.songId === 'string';

function readList<T>(storage: StorageLike | undefined, key: string, valid: (x: unknown) => x is T): T[] {
  const raw = readJson<unknown>(storage, key, []);
  return Array.isArray(raw) ? raw.filter(valid) : [];
}

export const readPendingAdds = (storage: StorageLike | undefined = local()): PendingAdd[] => readList(storage, PENDING_ADDS_KEY, isChange);

export const readPendingRemovals = (storage: StorageLike | undefined = local()): PendingRemoval[] =>
  readList(storage, PENDING_REMOVALS_KEY, isChange).map((x) => ({ ...x, position: typeof (x as PendingRemoval).position === 'number' ? (x as PendingRemoval).position : -1 }));

export const readPendingPlaylists = (storage: StorageLike | undefined = local()): UserPlaylist[] =>
  readList(storage, PENDING_PLAYLISTS_KEY, (x): x is UserPlaylist => {
    const p = x as UserPlaylist | null;
    return typeof p?.$id === 'string' && isPendingPlaylistId(p.$id) && typeof p.userId === 'string' && typeof p.name === 'string';
  });

/** Forgets any change waiting for this song in this playlist (sent, or overtaken by one that reached the server). */
export function dropChange(change: PendingAdd, storage: StorageLike | undefined = local()): void {
  dropAdd(change, storage);
  dropRemoval(change, storage);
}

/** Forgets an addition once the server has it (or can never take it); a newer removal of the song stays. */
export function dropAdd(add: PendingAdd, storage: StorageLike | undefined = local()): void {
  writeJson(storage, PENDING_ADDS_KEY, readPendingAdds(storage).filter((x) => !same(x, add)));
}

/** Forgets a removal once sent (or refused); a newer addition of the song stays. */
export function dropRemoval(removal: PendingAdd, storage: StorageLike | undefined = local()): void {
  writeJson(storage, PENDING_REMOVALS_KEY, readPendingRemovals(storage).filter((x) => !same(x, removal)));
}

export const hasPendingChanges = (storage: StorageLike | undefined = local()): boolean =>
  readPendingAdds(storage).length + readPendingRemovals(storage).length + readPendingPlaylists(storage).length > 0;

/** Remembers an addition to send later (once, however often it was tapped). */
export function queueAdd(add: PendingAdd, storage: StorageLike | undefined = local()): void {
  dropChange(add, storage);
  writeJson(storage, PENDING_ADDS_KEY, [...readPendingAdds(storage), { playlistId: add.playlistId, songId: add.songId }]);
}

/** Remembers a removal to send later. */
export function queueRemoval(removal: PendingRemoval, storage: StorageLike | undefined = local()): void {
  dropChange(removal, storage);
  writeJson(storage, PENDING_REMOVALS_KEY, [...readPendingRemovals(storage), removal]);
}

/** Remembers a playlist to create later. */
export function queuePlaylist(playlist: UserPlaylist, storage: StorageLike | undefined = local()): void {
  writeJson(storage, PENDING_PLAYLISTS_KEY, [...readPendingPlaylists(storage).filter((p) => p.$id !== playlist.$id), playlist]);
}

/** Forgets a playlist created offline, with the changes waiting for it (created now, refused, or deleted). */
export function dropPlaylist(localId: string, storage: StorageLike | undefined = local()): void {
  writeJson(storage, PENDING_PLAYLISTS_KEY, readPendingPlaylists(storage).filter((p) => p.$id !== localId));
  writeJson(storage, PENDING_ADDS_KEY, readPendingAdds(storage).filter((x) => x.playlistId !== localId));
  writeJson(storage, PENDING_REMOVALS_KEY, readPendingRemovals(storage).filter((x) => x.playlistId !== localId));
}

/** The server created a playlist made offline: its waiting changes now go to the server's id. */
export function settlePlaylist(localId: string, serverId: string, storage: StorageLike | undefined = local()): void {
  const move = <T extends PendingAdd>(x: T): T => (x.playlistId === localId ? { ...x, playlistId: serverId } : x);
  writeJson(storage, PENDING_ADDS_KEY, readPendingAdds(storage).map(move));
  writeJson(storage, PENDING_REMOVALS_KEY, readPendingRemovals(storage).map(move));
  writeJson(storage, PENDING_PLAYLISTS_KEY, readPendingPlaylists(storage).filter((p) => p.$id !== localId));
}

/** A playlist's song ids as read from the server, with the changes still waiting laid over them. */
export function withPendingChanges(playlistId: string, ids: readonly string[], storage: StorageLike | undefined = local()): string[] {
  const removed = new Set(readPendingRemovals(storage).filter((x) => x.playlistId === playlistId).map((x) => x.songId));
  const added = readPendingAdds(storage).filter((x) => x.playlistId === playlistId && !ids.includes(x.songId)).map((x) => x.songId);
  return [...ids, ...added].filter((id) => !removed.has(id));
}

/** The user's playlists as read from the server, with the ones created offline after them. */
export function withPendingPlaylists(userId: string, playlists: readonly UserPlaylist[], storage: StorageLike | undefined = local()): UserPlaylist[] {
  return [...playlists, ...readPendingPlaylists(storage).filter((p) => p.userId === userId && !playlists.some((x) => x.$id === p.$id))];
}
