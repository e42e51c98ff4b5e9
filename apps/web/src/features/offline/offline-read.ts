import type { Song } from '@lyra/contracts/catalogue';
import { availableSongs, collectionKey, type CollectionKind, type OfflineIndex } from './offline-index.js';

/** A kept album's or playlist's page as the device can show it without the catalogue. */
export interface KeptCollectionView {
  title: string;
  image: string | null;
  songs: Song[];
}

/** The kept collection's title, cover and the songs on the device, in the collection's order; null when not kept. */
export function keptCollectionView(index: OfflineIndex, kind: CollectionKind, id: string): KeptCollectionView | null {
  const c = index.collections[collectionKey(kind, id)];
  return c ? { title: c.title, image: c.image, songs: availableSongs(index, c) } : null;
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
