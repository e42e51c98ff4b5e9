import { local, readJson, writeJson } from '../../shared/lib/storage.js';

/** SPEC#entities-local-storage-keys "song video cache", SPEC#limits-video-previews-list: 5 days, version 1.0, at most 1000 entries. */
export const SONG_VIDEO_CACHE_KEY = 'songVideoCache';
export const SONG_VIDEO = { VERSION: '1.0', TTL_MS: 5 * 24 * 60 * 60 * 1000, MAX_ENTRIES: 1000 } as const;

/** SPEC#entities-video-preview-cache-entry "Video preview cache entry": id, song_id, aws_url, audio_url, hasVideo, cachedAt. */
export interface SongVideoEntry {
  id: string;
  song_id: string;
  aws_url: string;
  audio_url: string | null;
  hasVideo: boolean;
  cachedAt: number;
}

interface Stored {
  version: string;
  entries: Record<string, SongVideoEntry>;
}

function readAll(): Record<string, SongVideoEntry> {
  const s = readJson<Stored | null>(local(), SONG_VIDEO_CACHE_KEY, null);
  return s && typeof s === 'object' && s.version === SONG_VIDEO.VERSION && s.entries && typeof s.entries === 'object' ? s.entries : {};
}

/** The song's entry while younger than 5 days (SPEC#validation-cached-values-used: unexpired and of this version). */
export function readSongVideo(songId: string, nowMs: number): SongVideoEntry | null {
  const e = readAll()[songId];
  return e && typeof e.cachedAt === 'number' && nowMs - e.cachedAt < SONG_VIDEO.TTL_MS && typeof e.hasVideo === 'boolean' ? e : null;
}

/** Stores an entry; beyond 1000 the oldest go first. */
export function writeSongVideo(entry: Omit<SongVideoEntry, 'cachedAt'>, nowMs: number): SongVideoEntry {
  const stored: SongVideoEntry = { ...entry, cachedAt: nowMs };
  const all = { ...readAll(), [entry.song_id]: stored };
  const kept = Object.values(all)
    .sort((a, b) => b.cachedAt - a.cachedAt)
    .slice(0, SONG_VIDEO.MAX_ENTRIES);
  writeJson(local(), SONG_VIDEO_CACHE_KEY, { version: SONG_VIDEO.VERSION, entries: Object.fromEntries(kept.map((e) => [e.song_id, e])) });
  return stored;
}

export function forgetSongVideo(songId: string): void {
  const all = readAll();
  if (!(songId in all)) return;
  delete all[songId];
  writeJson(local(), SONG_VIDEO_CACHE_KEY, { version: SONG_VIDEO.VERSION, entries: all });
}
