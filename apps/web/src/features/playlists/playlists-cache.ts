import { local, readJson, writeJson } from '../../shared/lib/storage.js';

/** SPEC#entities-local-storage-keys keys, SPEC#limits-playlist-metadata-cache: playlist metadata cached 24 hours; songs per playlist under `playlist:{id}`. */
export const METADATA_KEY = 'PlaylistMetadata';
export const METADATA_EXPIRY_KEY = 'PlaylistMetadataExpiryTime';
export const METADATA_MS = 24 * 60 * 60 * 1000;
export const songsKey = (playlistId: string): string => `playlist:${playlistId}`;

/** A user playlist (SPEC#entities-playlist-catalogue: $id, name, userId; and its description when it has one, SPEC#entities-playlist-description). */
export interface UserPlaylist {
  $id: string;
  name: string;
  userId: string;
  /** Shown under its title (SPEC#validation-playlist-description: at most PLAYLIST_DESCRIPTION_MAX characters); absent or '' for none. */
  description?: string;
}

/** A description is optional; shown, sent and kept only when it says something. */
export const withDescription = (description: unknown): { description?: string } =>
  typeof description === 'string' && description !== '' ? { description } : {};

export const isUserPlaylist = (v: unknown): v is UserPlaylist =>
  !!v && typeof v === 'object' && typeof (v as UserPlaylist).$id === 'string' && typeof (v as UserPlaylist).userId === 'string';

export function readMetadata(nowMs: number): { playlists: UserPlaylist[]; fresh: boolean } {
  const raw = readJson<unknown>(local(), METADATA_KEY, null);
  const playlists = Array.isArray(raw) ? raw.filter(isUserPlaylist).map((p) => ({ $id: p.$id, name: String(p.name ?? ''), userId: p.userId, ...withDescription(p.description) })) : [];
  const expiry = readJson<unknown>(local(), METADATA_EXPIRY_KEY, 0);
  return { playlists, fresh: Array.isArray(raw) && typeof expiry === 'number' && nowMs < expiry };
}

export function writeMetadata(playlists: readonly UserPlaylist[], nowMs: number): void {
  writeJson(local(), METADATA_KEY, playlists);
  writeJson(local(), METADATA_EXPIRY_KEY, nowMs + METADATA_MS);
}

/** A local change (create, delete): the list changes, its lifetime does not. */
export function updateMetadata(playlists: readonly UserPlaylist[]): void {
  writeJson(local(), METADATA_KEY, playlists);
}

/** SPEC#states-playlist-songs: songs cached per playlist without duplicates. */
export function readPlaylistSongs(playlistId: string): string[] | null {
  const raw = readJson<unknown>(local(), songsKey(playlistId), null);
  return Array.isArray(raw) ? uniqueIds(raw.filter((x): x is string => typeof x === 'string')) : null;
}

export function writePlaylistSongs(playlistId: string, ids: readonly string[]): void {
  writeJson(local(), songsKey(playlistId), uniqueIds(ids));
}

export function forgetPlaylistSongs(playlistId: string): void {
  try {
    local()?.removeItem(songsKey(playlistId));
  } catch {
    // Nothing to forget in unavailable storage.
  }
}

export const uniqueIds = (ids: readonly string[]): string[] => [...new Set(ids.filter((id) => id !== ''))];
