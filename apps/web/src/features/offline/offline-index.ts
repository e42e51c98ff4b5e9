import type { Song } from '@lyra/contracts/catalogue';
import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';

/**
 * What this device keeps for listening offline: the songs (their catalogue
 * data, so lists show without a network) and the collections the listener
 * made available. The audio itself is in Cache Storage (offline-audio.ts).
 */
export const OFFLINE_INDEX_KEY = 'offlineIndex';

/** A catalogue album or playlist, the favourites, a single song, or one of the listener's own playlists. */
export type CollectionKind = 'album' | 'playlist' | 'favorites' | 'song' | 'userPlaylist';

export interface OfflineSong {
  song: Song;
  bytes: number;
  savedAt: number;
}

/** An artist a kept collection names (an album's artists), so its page can name them offline. */
export interface KeptArtist {
  id: string | null;
  name: string;
}

export interface OfflineCollection {
  id: string;
  kind: CollectionKind;
  title: string;
  image: string | null;
  /** The album's artists when it was kept; absent in what older versions kept. */
  artists?: KeptArtist[];
  songIds: string[];
  savedAt: number;
}

export interface OfflineIndex {
  songs: Record<string, OfflineSong>;
  collections: Record<string, OfflineCollection>;
}

export const emptyIndex = (): OfflineIndex => ({ songs: {}, collections: {} });

export function readIndex(storage: StorageLike | undefined = local()): OfflineIndex {
  const raw = readJson<Partial<OfflineIndex> | null>(storage, OFFLINE_INDEX_KEY, null);
  return { songs: raw?.songs ?? {}, collections: raw?.collections ?? {} };
}

export const writeIndex = (index: OfflineIndex, storage: StorageLike | undefined = local()): void => writeJson(storage, OFFLINE_INDEX_KEY, index);

/** A collection's key: one per album, playlist, the favourites, a single song, or a listener's playlist. */
export const collectionKey = (kind: CollectionKind, id: string): string => `${kind}:${id}`;

export function withCollection(index: OfflineIndex, c: OfflineCollection): OfflineIndex {
  return { ...index, collections: { ...index.collections, [collectionKey(c.kind, c.id)]: c } };
}

export function withSong(index: OfflineIndex, entry: OfflineSong): OfflineIndex {
  return { ...index, songs: { ...index.songs, [entry.song.id]: entry } };
}

/** Songs no collection holds any more leave the index; returned as `orphans` (their audio can go). */
function withoutOrphans(index: OfflineIndex): { index: OfflineIndex; orphans: string[] } {
  const held = new Set(Object.values(index.collections).flatMap((c) => c.songIds));
  const orphans = Object.keys(index.songs).filter((id) => !held.has(id));
  const songs = Object.fromEntries(Object.entries(index.songs).filter(([id]) => held.has(id)));
  return { index: { songs, collections: index.collections }, orphans };
}

/** Drops a collection; returns the index and the songs no other collection holds (their audio can go). */
export function withoutCollection(index: OfflineIndex, key: string): { index: OfflineIndex; orphans: string[] } {
  const collections = { ...index.collections };
  delete collections[key];
  return withoutOrphans({ ...index, collections });
}

/** A kept collection's new song list; returns the index and the songs that left it that no other collection holds. */
export function withSongIds(index: OfflineIndex, key: string, songIds: readonly string[]): { index: OfflineIndex; orphans: string[] } {
  const c = index.collections[key];
  if (!c) return { index, orphans: [] };
  return withoutOrphans({ ...index, collections: { ...index.collections, [key]: { ...c, songIds: [...songIds] } } });
}

/** True when some kept collection lists the song. */
export const isHeld = (index: OfflineIndex, songId: string): boolean => Object.values(index.collections).some((c) => c.songIds.includes(songId));

/** The collection's songs that are on the device, in the collection's order. */
export const availableSongs = (index: OfflineIndex, c: OfflineCollection): Song[] =>
  c.songIds.flatMap((id) => (index.songs[id] ? [index.songs[id]!.song] : []));

export const totalBytes = (index: OfflineIndex): number => Object.values(index.songs).reduce((n, s) => n + s.bytes, 0);
