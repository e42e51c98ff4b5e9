import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { BITRATES_KBPS, IMAGE_SIZES, type BitrateKbps, type ImageSize } from '@lyra/contracts/ids';

/**
 * What a /media or /images request asks for, read from the raw request target
 * (before any decoding or normalising, so `..` and `%2e%2e` are seen as sent).
 * Ids are letters, digits, `_` and `-` only, so no id can name a path outside
 * the library or the cache (catalogue/urls.ts builds these paths).
 */
export type MediaTarget =
  | ({ kind: 'audio' } & AudioTarget)
  | { kind: 'image'; coverId: string; size: ImageSize; anySize: false }
  /** Subsonic's getCoverArt: any side from 1 to MAX_COVER_PX, capped by the image-store at the original's. */
  | { kind: 'image'; coverId: string; size: number; anySize: true }
  | { kind: 'invalid'; status: 400 | 404; message: string };

/** The audio formats of the tiers: AAC in MP4 (every client), MP3 (Subsonic's `format=mp3`). */
export type AudioFormat = 'aac' | 'mp3';

/**
 * How a `timeOffset` is honoured:
 * - `player`: the web app's player seeks in a cached tier itself (by Range), so the tier is served
 *   whole; during a first transcode the offset stream keeps the song's own times.
 * - `server`: Subsonic's `stream`: the audio starts at the offset whether or not the tier is cached,
 *   with times counted from 0 (as Subsonic players expect, and as an MP3 stream has them anyway).
 */
export type OffsetSeek = 'player' | 'server';

/** What an audio request asks for. */
export interface AudioTarget {
  trackId: string;
  kbps: BitrateKbps;
  /** AAC in MP4, or MP3 (asked by Subsonic only). */
  format: AudioFormat;
  download: boolean;
  /** Where the listener wants the audio to start (`?timeOffset=`), 0 for the beginning. */
  timeOffsetS: number;
  /** Who seeks in a cached tier: the web's player (by Range), or this server (Subsonic's `stream`). */
  seek: OffsetSeek;
}

/**
 * Asks only the Subsonic module makes, in process: with this header (and value), `/media/<id>/<kbps>.mp3`
 * (an MP3 tier), `/images/<id>/<1..1200>.jpg` (any cover size) and an offset that cuts a cached tier.
 * Requests from the network never reach the Hono routes that read it: every `/media/` and `/images/`
 * request on the listening server is answered by `raw`, which ignores it, so none of these is public.
 */
export const SUBSONIC_ASK = { header: 'x-lyra-asked-by', value: 'subsonic' } as const;

/** The largest cover side Subsonic's getCoverArt is given (and never more than the original's). */
export const MAX_COVER_PX = 1200;

/** A tier's in-process address (Subsonic's `stream`): `/media/<id>/<kbps>.mp4` or `.mp3`. */
export const tierPath = (trackId: string, kbps: BitrateKbps, format: AudioFormat): string =>
  `/media/${trackId}/${kbps}.${format === 'mp3' ? 'mp3' : 'mp4'}`;

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const AUDIO = /^\/media\/([^/]*)\/([^/]*)\.(mp4|mp3)$/;
const IMAGE = /^\/images\/([^/]*)\/([^/]*)\.jpg$/;
const NUMBER = /^[0-9]{1,6}$/;

/** True when this request belongs to the media module (checked on every request: keep it cheap). */
export const isMediaPath = (url: string): boolean => url.startsWith('/media/') || url.startsWith('/images/');

/** `subsonic`: the request carries SUBSONIC_ASK (in process only); its asks are allowed. */
export function parseMediaTarget(url: string, subsonic = false): MediaTarget {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const audio = AUDIO.exec(path);
  if (audio) {
    const [, id = '', tier = '', ext] = audio;
    if (ext === 'mp3' && !subsonic) return routeNotFound;
    if (!ID_PATTERN.test(id)) return songNotFound;
    if (!NUMBER.test(tier)) return routeNotFound;
    const kbps = Number(tier);
    if (!(BITRATES_KBPS as readonly number[]).includes(kbps)) {
      return { kind: 'invalid', status: 400, message: `unknown bitrate ${tier}; expected one of ${BITRATES_KBPS.join(', ')}` };
    }
    const params = new URLSearchParams(query);
    const offset = readTimeOffset(params.get('timeOffset'));
    if (typeof offset === 'string') return { kind: 'invalid', status: 400, message: offset };
    return {
      kind: 'audio',
      trackId: id,
      kbps: kbps as BitrateKbps,
      format: ext === 'mp3' ? 'mp3' : 'aac',
      download: wantsDownload(params),
      timeOffsetS: offset,
      seek: subsonic ? 'server' : 'player',
    };
  }
  const image = IMAGE.exec(path);
  if (image) {
    const [, id = '', size = ''] = image;
    if (!ID_PATTERN.test(id)) return imageNotFound;
    if (!NUMBER.test(size)) return routeNotFound;
    const px = Number(size);
    if (subsonic) {
      if (px < 1 || px > MAX_COVER_PX) return { kind: 'invalid', status: 400, message: `image size must be 1 to ${MAX_COVER_PX}` };
      return { kind: 'image', coverId: id, size: px, anySize: true };
    }
    if (!(IMAGE_SIZES as readonly number[]).includes(px)) {
      return { kind: 'invalid', status: 400, message: `unknown image size ${size}; expected one of ${IMAGE_SIZES.join(', ')}` };
    }
    return { kind: 'image', coverId: id, size: px as ImageSize, anySize: false };
  }
  return routeNotFound;
}

const songNotFound = { kind: 'invalid', status: 404, message: 'song not found' } as const;
const imageNotFound = { kind: 'invalid', status: 404, message: 'image not found' } as const;
const routeNotFound = { kind: 'invalid', status: 404, message: 'route not found' } as const;

/** `?download`, `?download=1` or `?download=true` ask for an attachment. */
function wantsDownload(params: URLSearchParams): boolean {
  return params.getAll('download').some((v) => v === '' || v === '1' || v === 'true');
}

/** Longest offset worth reading: 100 hours, far past any song, short of float trouble. */
export const MAX_TIME_OFFSET_S = 360_000;
const DECIMAL = /^[0-9]{1,6}(\.[0-9]{1,3})?$/;

/**
 * `?timeOffset=<seconds>` (Subsonic's name): where the audio should start.
 * Absent or empty is 0; anything but a plain decimal number of seconds is an
 * error message (the caller answers 400). Past the end of the song is
 * checked once the track is known (audio-reply.ts).
 */
export function readTimeOffset(raw: string | null): number | string {
  if (raw == null || raw === '') return 0;
  if (raw.startsWith('-') && DECIMAL.test(raw.slice(1))) return 'timeOffset must not be negative';
  if (!DECIMAL.test(raw)) return 'timeOffset must be a number of seconds, e.g. timeOffset=61.5';
  const s = Number(raw);
  if (s > MAX_TIME_OFFSET_S) return `timeOffset must be at most ${MAX_TIME_OFFSET_S} seconds`;
  return s;
}

/** `root`/`rel` resolved, or null when it would leave `root` (a last check under the id rules). */
export function resolveInside(root: string, rel: string): string | null {
  const full = resolve(root, rel);
  const r = relative(root, full);
  if (r === '' || r === '..' || r.startsWith('..' + sep) || isAbsolute(r)) return null;
  return full;
}

/**
 * A song's file by real path, or null when it is missing or its real path
 * leaves `root` (a symbolic link out of the music folder is never served or
 * read, whatever the scan saw).
 */
export async function sourceInside(root: string, rel: string): Promise<string | null> {
  const full = resolveInside(root, rel);
  if (!full) return null;
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(full)]);
    return resolveInside(realRoot, relative(realRoot, real)) ? real : null;
  } catch {
    return null;
  }
}
