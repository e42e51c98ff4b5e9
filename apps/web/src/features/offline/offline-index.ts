import type { Song } from '@lyra/contracts/catalogue';
import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';

/**
 * What this device keeps for listening offline: the songs (their catalogue
 * data, so lists show without a network) and the collections the listener
 * made available. The audio itself is in Cache Storage (offline-audio.ts).
 */
export const OFFLINE_INDEX_KEY = 'offlineIndex';

export type CollectionKind = 'album' | 'playlist' | 'favorites' | 'song';

export interface OfflineSong {
  song: Song;
  bytes: number;
  savedAt: number;
}

export interface OfflineCollection {
  id: string;
  kind: CollectionKind;
  title: string;
  image: string | null;
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

/** A collection's key: one per album, playlist, the favourites, or a single song. */
export const collectionKey = (kind: CollectionKind, id: string): string => `${kind}:${id}`;

export function withCollection(index: OfflineIndex, c: OfflineCollection): OfflineIndex {
  return { ...index, collections: { ...index.collections, [collectionKey(c.kind, c.id)]: c } };
}

export function withSong(index: OfflineIndex, entry: OfflineSong): OfflineIndex {
  return { ...index, songs: { ...index.songs, [entry.song.id]: entry } };
}

/** Drops a collection; returns the index and the songs no other collection holds (their audio can go). */
export function withoutCollection(index: OfflineIndex, key: string): { index: OfflineIndex; orphans: string[] } {
  const collections = { ...index.collections };
  delete collections[key];
  const kept = new Set(Object.values(collections).flatMap((c) => c.songIds));
  const orphans = Object.keys(index.songs).filter((id) => !kept.has(id));
  const songs = Object.fromEntries(Object.entries(index.songs).filter(([id]) => kept.has(id)));
  return { index: { songs, collections }, orphans };
}

/** The collection's songs that are on the device, in the collection's order. */
export const availableSongs = (index: OfflineIndex, c: OfflineCollection): Song[] =>
  c.songIds.flatMap((id) => (index.songs[id] ? [index.songs[id]!.song] : []));

export const totalBytes = (index: OfflineIndex): number => Object.values(index.songs).reduce((n, s) => n + s.bytes, 0);
