import type { Song } from '@lyra/contracts/catalogue';
import { availableSongs, collectionKey, type CollectionKind, type KeptArtist, type OfflineIndex } from './offline-index.js';

/** A kept album's or playlist's page as the device can show it without the catalogue. */
export interface KeptCollectionView {
  title: string;
  image: string | null;
  songs: Song[];
  /** Who made it: the album's artists as kept, else the primary artists every kept song shares (none for a playlist). */
  artists: KeptArtist[];
}

/** The kept collection's title, cover, artists and the songs on the device, in the collection's order; null when not kept. */
export function keptCollectionView(index: OfflineIndex, kind: CollectionKind, id: string): KeptCollectionView | null {
  const c = index.collections[collectionKey(kind, id)];
  if (!c) return null;
  const songs = availableSongs(index, c);
  const artists = c.artists ?? (kind === 'album' ? sharedPrimaryArtists(songs) : []);
  return { title: c.title, image: c.image, songs, artists };
}

/** The primary artists every song names (by id, else by name), in the first song's order. */
export function sharedPrimaryArtists(songs: readonly Song[]): KeptArtist[] {
  const key = (a: { id?: string | null; name: string }) => (a.id ? `id:${a.id}` : `name:${a.name.toLowerCase()}`);
  const [first, ...rest] = songs;
  if (!first) return [];
  return (first.artists?.primary ?? [])
    .filter((a) => a.name.trim() && rest.every((s) => (s.artists?.primary ?? []).some((b) => key(b) === key(a))))
    .map((a) => ({ id: a.id || null, name: a.name }));
}

/** How a catalogue read stands: data, a failure (not-found or not), or waiting for the network to come back. */
export interface CatalogueReadState {
  hasData: boolean;
  isError: boolean;
  notFound: boolean;
  /** The read waits for the network (the browser says it is offline). */
  paused: boolean;
}

/**
 * The kept copy stands in when the catalogue gave nothing: the read failed (a
 * network error, not "not found": the catalogue's answer wins) or waits for a
 * network the device does not have.
 */
export const showsKeptCopy = (read: CatalogueReadState): boolean =>
  !read.hasData && !read.notFound && (read.isError || read.paused);

const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Search with no network: the songs on the device whose title, artists or
 * album hold every word of the query (case and accents aside), those whose
 * title starts with the query first, then by title.
 */
export function findKeptSongs(index: OfflineIndex, query: string): Song[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const q = words.join(' ');
  const found = Object.values(index.songs)
    .map(({ song }) => ({ song, title: fold(song.name), text: fold([song.name, song.album?.name ?? '', ...(song.artists?.all ?? []).map((a) => a.name), ...(song.artists?.primary ?? []).map((a) => a.name)].join(' ')) }))
    .filter((s) => words.every((w) => s.text.includes(w)));
  return found
    .sort((a, b) => Number(b.title.startsWith(q)) - Number(a.title.startsWith(q)) || a.title.localeCompare(b.title))
    .map((s) => s.song);
}

/** A catalogue read no server answered (the network is gone: CatalogueError's status 0), as opposed to one the server refused. */
export const noAnswer = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
