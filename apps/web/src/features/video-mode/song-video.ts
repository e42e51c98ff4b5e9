import { queryOptions } from '@tanstack/react-query';
import { q, type BackendApi } from '../../shared/lib/backend.js';
import { LOCAL_KEYS, local, readCached } from '../../shared/lib/storage.js';
import { PREVIEWS, toPreviewEntries, type VideoPreviewEntry } from '../video-previews/index.js';
import { readSongVideo, writeSongVideo, type SongVideoEntry } from './song-video-cache.js';

export const songVideoKey = (songId: string) => ['backend', 'video-preview', songId] as const;

const toEntry = (songId: string, p: VideoPreviewEntry | null): Omit<SongVideoEntry, 'cachedAt'> => ({
  id: p?.id ?? '',
  song_id: songId,
  aws_url: p?.aws_url ?? '',
  audio_url: p?.audio_url ?? null,
  hasVideo: Boolean(p?.aws_url),
});

/** The previews Home already listed (6-hour cache, version 4.0): the local approved list. */
function approved(songId: string): VideoPreviewEntry | null {
  const cached = readCached<VideoPreviewEntry[]>(local(), LOCAL_KEYS.videoPreviewCache, { version: PREVIEWS.CACHE_VERSION });
  return Array.isArray(cached?.data) ? (cached.data.find((p) => p?.song_id === songId) ?? null) : null;
}

/**
 * Whether a song has a video preview (SPEC#states-video-mode): the local approved list, then
 * the song video cache, then the server (VideoPreview by song_id, limit 1),
 * whose answer, yes or no, is cached for 5 days.
 */
export async function findSongVideo(api: () => Promise<BackendApi>, songId: string, nowMs = Date.now()): Promise<SongVideoEntry> {
  const known = approved(songId);
  if (known?.aws_url) return { ...toEntry(songId, known), cachedAt: nowMs };
  const cached = readSongVideo(songId, nowMs);
  if (cached) return cached;
  const docs = await (await api()).list('VideoPreview', [q.equal('song_id', songId), q.limit(1)]);
  const [preview] = toPreviewEntries(docs);
  return writeSongVideo(toEntry(songId, preview ?? null), nowMs);
}

export const songVideoQuery = (api: () => Promise<BackendApi>, songId: string) =>
  queryOptions({
    queryKey: songVideoKey(songId),
    queryFn: () => findSongVideo(api, songId),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: songId !== '',
  });
