import type { Song } from '@lyra/contracts/catalogue';
import { consumeRateLimit, peekRateLimit, type RateLimitRule } from '@lyra/player-core/rate-limit';
import { describeFailure, type BackendApi } from '../../shared/lib/backend.js';
import { local, readJson, writeJson } from '../../shared/lib/storage.js';
import { primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';

/** SPEC#limits-video-requests: 3 video requests per 24 hours, counted on this device (the server counts too). */
export const VIDEO_REQUEST_LIMIT: RateLimitRule = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };
export const VIDEO_REQUEST_LIMIT_KEY = 'videoRequestRateLimit';
const HOUR_MS = 60 * 60 * 1000;
const PART_MAX = 50;

export const rateLimitMessage = (hours: number): string =>
  `Rate limit exceeded. You can request ${VIDEO_REQUEST_LIMIT.limit} videos per day. Try again in ${hours} hour(s).`;

/** SPEC#validation-video-request: the song name cut to 50 characters plus each primary artist's name cut to 50. */
export function videoSearchText(song: Song): string {
  const cut = (s: string) => Array.from(s.trim()).slice(0, PART_MAX).join('');
  const artists = primaryArtistNames(song) === 'Unknown Artist' ? [] : primaryArtistNames(song).split(', ');
  return [cut(songTitle(song)), ...artists.map(cut)].filter(Boolean).join(' ');
}

/**
 * SPEC#entities-videorequest: the request's url points at a local download endpoint carrying the
 * song name and id; site-relative, like every address stored in a document
 * (DESIGN §8), so it stays right whatever name the server is reached by.
 */
export const videoRequestUrl = (song: Song): string => `/download?${new URLSearchParams({ name: videoSearchText(song), id: song.id })}`;

export type VideoRequestOutcome =
  | { kind: 'queued'; remaining: number }
  | { kind: 'refused'; message: string };

/**
 * SPEC#states-video-request, SPEC#validation-video-request, SPEC#errors-video: song id required; the device rate limit first; then the
 * request {song_id, url}. Only an accepted request counts against the limit.
 * The server's own refusal (already requested, its rate limit, a preview
 * exists) is shown with its message; anything else is 'Failed to add song to queue'.
 */
export async function requestVideo(api: BackendApi, song: Song | undefined, nowMs = Date.now()): Promise<VideoRequestOutcome> {
  if (!song?.id) return { kind: 'refused', message: 'Song ID is required' };
  const stored = readJson<unknown>(local(), VIDEO_REQUEST_LIMIT_KEY, null);
  const peek = peekRateLimit(stored, nowMs, VIDEO_REQUEST_LIMIT);
  if (!peek.allowed) return { kind: 'refused', message: rateLimitMessage(Math.max(1, Math.ceil(peek.resetInMs / HOUR_MS))) };
  try {
    await api.create('VideoRequest', { song_id: song.id, url: videoRequestUrl(song) });
  } catch (e) {
    const f = describeFailure(e);
    return { kind: 'refused', message: f.code >= 400 && f.code < 500 && f.message ? f.message : 'Failed to add song to queue' };
  }
  const used = consumeRateLimit(readJson<unknown>(local(), VIDEO_REQUEST_LIMIT_KEY, null), nowMs, VIDEO_REQUEST_LIMIT);
  writeJson(local(), VIDEO_REQUEST_LIMIT_KEY, used.record);
  return { kind: 'queued', remaining: used.remaining };
}
