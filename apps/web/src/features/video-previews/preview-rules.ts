import type { Song } from '@lyra/contracts/catalogue';

const HOUR_MS = 3_600_000;

/** SPEC#data-calls-video-previews-list, SPEC#limits-video-previews-list: list limit 40; cache 6 h, version 4.0; up to 20 random ids; stale 30 min; 2 retries. */
export const PREVIEWS = {
  LIST_LIMIT: 40,
  MAX_IDS: 20,
  CACHE_MS: 6 * HOUR_MS,
  CACHE_VERSION: '4.0',
  STALE_MS: 30 * 60_000,
  RETRIES: 2,
} as const;

/** A VideoPreview document as the row needs it (SPEC#entities-videopreview: song_id, aws_url, audio_url). */
export interface VideoPreviewEntry {
  id: string;
  song_id: string;
  aws_url: string;
  audio_url: string | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** SPEC#validation-video-preview-songs: ids are non-empty strings; documents without a song id are dropped. */
export function toPreviewEntries(docs: readonly unknown[]): VideoPreviewEntry[] {
  const out: VideoPreviewEntry[] = [];
  for (const d of docs) {
    if (!d || typeof d !== 'object') continue;
    const doc = d as Record<string, unknown>;
    const songId = text(doc.song_id);
    if (!songId || songId === 'null') continue;
    out.push({ id: text(doc.$id) || text(doc.id), song_id: songId, aws_url: text(doc.aws_url), audio_url: text(doc.audio_url) || null });
  }
  return out;
}

/**
 * SPEC#data-calls-video-previews-list: up to 20 random song ids with the featured song first (DESIGN §8),
 * each once. `random` returns [0, 1) like Math.random.
 */
export function pickPreviewIds(
  previews: readonly VideoPreviewEntry[],
  featuredSongId: string | null,
  random: () => number = Math.random,
  max: number = PREVIEWS.MAX_IDS,
): string[] {
  const ids = [...new Set(previews.map((p) => p.song_id))];
  // Fisher-Yates over the distinct ids.
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const featured = featuredSongId?.trim() ? [featuredSongId.trim()] : [];
  return [...featured, ...ids.filter((id) => !featured.includes(id))].slice(0, max);
}

/** SPEC#validation-video-preview-songs: a preview song needs an id, a name and a large image url. */
export function isPreviewSong(song: unknown): song is Song {
  if (!song || typeof song !== 'object') return false;
  const s = song as Partial<Song> & { image?: unknown };
  const large = Array.isArray(s.image) ? (s.image[2] as { url?: unknown; link?: unknown } | undefined) : undefined;
  return text(s.id) !== '' && text(s.name) !== '' && (text(large?.url) !== '' || text(large?.link) !== '');
}
