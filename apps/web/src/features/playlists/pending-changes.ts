import type { BackendFailure } from '../../shared/lib/backend.js';
import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';
import type { UserPlaylist } from './playlists-cache.js';
import { readPendingRenames, withPendingRenames } from './pending-renames.js';

/**
 * Playlist changes made while the device could not reach the server: kept on
 * the device and sent when it is back online (the failed-favourites retry of
 * SPEC#states-favourite-toggle-player is the model), so nothing the listener did offline is lost. A song
 * has at most one change waiting per playlist: the latest (an addition
 * replaces a removal, and the other way round). A playlist created offline
 * has an id of its own until the server gives it one. Each change names the
 * account that made it, and only that account's session sends it: another
 * account signed in on the device leaves it as it is.
 */
export const PENDING_ADDS_KEY = 'pendingPlaylistAdds';
export const PENDING_REMOVALS_KEY = 'pendingPlaylistRemovals';
export const PENDING_PLAYLISTS_KEY = 'pendingPlaylists';

/** A song in a playlist: what a waiting change is about (one change each). */
export interface PlaylistSongRef {
  playlistId: string;
  songId: string;
}

export interface PendingAdd extends PlaylistSongRef {
  /** The account that made it; null for a change stored before changes named one (claimUnowned). */
  userId: string | null;
}

export interface PendingRemoval extends PendingAdd {
  /** Where the song was, to put it back there if the server refuses. */
  position: number;
}

/**
 * An addition, a removal or a creation is kept for later only when the server
 * did not answer at all (offline); an answered failure, a server fault or a
 * rate limit included, is SPEC#errors-playlists's failure ('Could not add song {type}', the
 * song comes back, the dialog stays open). Once sent from the queue, a server
 * fault or a rate limit also waits for the next try (isTransient).
 */
export const gotNoAnswer = (f: BackendFailure): boolean => f.code === 0;

/** The mark of a playlist created offline, in Library's list and on its screen. */
export const PENDING_PLAYLIST_NOTE = 'Will be created when you are back online';

const LOCAL_ID_PREFIX = 'offline-';

/** A playlist created offline, not yet on the server. */
export const isPendingPlaylistId = (id: string): boolean => id.startsWith(LOCAL_ID_PREFIX);

export const newPendingPlaylistId = (): string => `${LOCAL_ID_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const same = (a: PlaylistSongRef, b: PlaylistSongRef) => a.playlistId === b.playlistId && a.songId === b.songId;
const isChange = (x: unknown): x is PlaylistSongRef =>
  typeof (x as PlaylistSongRef | null)?.playlistId === 'string' && typeof (x as PlaylistSongRef | null)?.songId === 'string';
/** The account a stored change names; none (stored before changes named one, or not a name) is null. */
const ownerOf = (x: PlaylistSongRef): string | null => {
  const { userId } = x as { userId?: unknown };
  return typeof userId === 'string' && userId !== '' ? userId : null;
};

function readList<T>(storage: StorageLike | undefined, key: string, valid: (x: unknown) => x is T): T[] {
  const raw = readJson<unknown>(storage, key, []);
  return Array.isArray(raw) ? raw.filter(valid) : [];
}

export const readPendingAdds = (storage: StorageLike | undefined = local()): PendingAdd[] =>
  readList(storage, PENDING_ADDS_KEY, isChange).map((x) => ({ playlistId: x.playlistId, songId: x.songId, userId: ownerOf(x) }));

export const readPendingRemovals = (storage: StorageLike | undefined = local()): PendingRemoval[] =>
  readList(storage, PENDING_REMOVALS_KEY, isChange).map((x) => {
    const { position } = x as { position?: unknown };
    return { playlistId: x.playlistId, songId: x.songId, userId: ownerOf(x), position: typeof position === 'number' ? position : -1 };
  });

export const readPendingPlaylists = (storage: StorageLike | undefined = local()): UserPlaylist[] =>
  readList(storage, PENDING_PLAYLISTS_KEY, (x): x is UserPlaylist => {
    const p = x as UserPlaylist | null;
    return typeof p?.$id === 'string' && isPendingPlaylistId(p.$id) && typeof p.userId === 'string' && typeof p.name === 'string';
  });

/** Forgets any change waiting for this song in this playlist (sent, or overtaken by one that reached the server). */
export function dropChange(change: PlaylistSongRef, storage: StorageLike | undefined = local()): void {
  dropAdd(change, storage);
  dropRemoval(change, storage);
}

/** Forgets an addition once the server has it (or can never take it); a newer removal of the song stays. */
export function dropAdd(add: PlaylistSongRef, storage: StorageLike | undefined = local()): void {
  writeJson(storage, PENDING_ADDS_KEY, readPendingAdds(storage).filter((x) => !same(x, add)));
}

/** Forgets a removal once sent (or refused); a newer addition of the song stays. */
export function dropRemoval(removal: PlaylistSongRef, storage: StorageLike | undefined = local()): void {
  writeJson(storage, PENDING_REMOVALS_KEY, readPendingRemovals(storage).filter((x) => !same(x, removal)));
}

/** Whether this account has something to send (a change stored before changes named an account may become its own). */
export const hasPendingChanges = (userId: string, storage: StorageLike | undefined = local()): boolean =>
  [...readPendingAdds(storage), ...readPendingRemovals(storage)].some((x) => x.userId === userId || x.userId == null) ||
  [...readPendingPlaylists(storage), ...readPendingRenames(storage)].some((p) => p.userId === userId);

/** The changes this account's session sends now: its own, to playlists the server has. */
export const toSendFor = <T extends PendingAdd>(userId: string, changes: readonly T[]): T[] =>
  changes.filter((x) => x.userId === userId && !isPendingPlaylistId(x.playlistId));

/**
 * Changes stored before they named their account: one for a playlist created
 * offline is that playlist's account's; any other becomes the account's that
 * sends first. That account was signed in here when they were made, as a
 * rule (the app stays signed in across an update), so they are sent as they
 * were before; dropping them would lose what the listener did offline.
 */
export function claimUnowned(userId: string, storage: StorageLike | undefined = local()): void {
  const adds = readPendingAdds(storage);
  const removals = readPendingRemovals(storage);
  if (![...adds, ...removals].some((x) => x.userId == null)) return;
  const owners = new Map(readPendingPlaylists(storage).map((p) => [p.$id, p.userId]));
  const claim = <T extends PendingAdd>(x: T): T => (x.userId == null ? { ...x, userId: owners.get(x.playlistId) ?? userId } : x);
  writeJson(storage, PENDING_ADDS_KEY, adds.map(claim));
  writeJson(storage, PENDING_REMOVALS_KEY, removals.map(claim));
}

/** Remembers an addition to send later (once, however often it was tapped), as the account's that made it. */
export function queueAdd(add: PendingAdd & { userId: string }, storage: StorageLike | undefined = local()): void {
  dropChange(add, storage);
  writeJson(storage, PENDING_ADDS_KEY, [...readPendingAdds(storage), { playlistId: add.playlistId, songId: add.songId, userId: add.userId }]);
}

/** Remembers a removal to send later, as the account's that made it. */
export function queueRemoval(removal: PendingRemoval & { userId: string }, storage: StorageLike | undefined = local()): void {
  dropChange(removal, storage);
  const { playlistId, songId, userId, position } = removal;
  writeJson(storage, PENDING_REMOVALS_KEY, [...readPendingRemovals(storage), { playlistId, songId, userId, position }]);
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
  const move = <T extends PlaylistSongRef>(x: T): T => (x.playlistId === localId ? { ...x, playlistId: serverId } : x);
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

/** The user's playlists as read from the server, renamed as renames still waiting say, with the ones created offline after them. */
export function withPendingPlaylists(userId: string, playlists: readonly UserPlaylist[], storage: StorageLike | undefined = local()): UserPlaylist[] {
  const own = readPendingPlaylists(storage).filter((p) => p.userId === userId && !playlists.some((x) => x.$id === p.$id));
  return [...withPendingRenames(userId, playlists, storage), ...own];
}
