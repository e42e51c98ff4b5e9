import type { ArtistRef, SearchAlbum, SearchPlaylist, Song } from '@lyra/contracts/catalogue';
import { LOCAL_KEYS, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';

/** SPEC#limits-search: search history keeps 7 entries. */
export const HISTORY_MAX = 7;

/** SPEC#entities-search-history-entry: a history entry is the result object itself, with its type. */
export type HistoryEntry =
  | (Song & { type: 'song' })
  | (SearchAlbum & { type: 'album' })
  | (ArtistRef & { type: 'artist' })
  | (SearchPlaylist & { type: 'playlist' });

const TYPES = new Set(['song', 'album', 'artist', 'playlist']);

export const isHistoryEntry = (v: unknown): v is HistoryEntry =>
  !!v &&
  typeof v === 'object' &&
  TYPES.has((v as HistoryEntry).type) &&
  typeof (v as HistoryEntry).id === 'string' &&
  (v as HistoryEntry).id !== '';

const sameEntry = (a: HistoryEntry, b: HistoryEntry) => a.type === b.type && a.id === b.id;

/** The entry goes first; an older copy of it leaves; 7 are kept. */
export function addToHistory(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history.filter((h) => !sameEntry(h, entry))].slice(0, HISTORY_MAX);
}

export function removeFromHistory(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return history.filter((h) => !sameEntry(h, entry));
}

/** searchHistory, well-formed entries only, at most 7. */
export function readHistory(storage: StorageLike | undefined): HistoryEntry[] {
  const raw = readJson<unknown>(storage, LOCAL_KEYS.searchHistory, []);
  return Array.isArray(raw) ? raw.filter(isHistoryEntry).slice(0, HISTORY_MAX) : [];
}

export function saveHistory(storage: StorageLike | undefined, history: readonly HistoryEntry[]): void {
  writeJson(storage, LOCAL_KEYS.searchHistory, history.slice(0, HISTORY_MAX));
}

/** Where an entry (or a result) of each type opens. */
export function entryPath(entry: Pick<HistoryEntry, 'type' | 'id'>): string {
  const id = encodeURIComponent(entry.id);
  switch (entry.type) {
    case 'song':
      return `/player/${id}`;
    case 'album':
      return `/album/${id}`;
    case 'artist':
      return `/artist/${id}`;
    case 'playlist':
      return `/playlist/${id}`;
  }
}
