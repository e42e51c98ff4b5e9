import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { BITRATES_KBPS, IMAGE_SIZES, type BitrateKbps, type ImageSize } from '@lyra/contracts/ids';
import { insideAny, realRootsOf } from '../library-links.js';

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

/** The largest cover side Subsonic's getCoverArt is given (and never more than the original's). */
export const MAX_COVER_PX = 1200;

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const AUDIO = /^\/media\/([^/]*)\/([^/]*)\.mp4$/;
const IMAGE = /^\/images\/([^/]*)\/([^/]*)\.jpg$/;
const NUMBER = /^[0-9]{1,6}$/;

/** True when this request belongs to the media module (checked on every request: keep it cheap). */
export const isMediaPath = (url: string): boolean => url.startsWith('/media/') || url.startsWith('/images/');

/**
 * A request from the network (or the app's in-process routes). What only Subsonic may ask (an MP3 tier, any
 * cover side, a cut of a cached tier) it asks through the media module's typed calls (media-module.ts).
 */
export function parseMediaTarget(url: string): MediaTarget {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const audio = AUDIO.exec(path);
  if (audio) {
    const [, id = '', tier = ''] = audio;
    const kbps = idAndChoice(id, songNotFound, tier, BITRATES_KBPS, 'bitrate');
    if (typeof kbps !== 'number') return kbps;
    const params = new URLSearchParams(query);
    const offset = readTimeOffset(params.get('timeOffset'));
    if (typeof offset === 'string') return { kind: 'invalid', status: 400, message: offset };
    return {
      kind: 'audio',
      trackId: id,
      kbps,
      format: 'aac',
      download: wantsDownload(params),
      timeOffsetS: offset,
      seek: 'player',
    };
  }
  const image = IMAGE.exec(path);
  if (image) {
    const [, id = '', size = ''] = image;
    const px = idAndChoice(id, imageNotFound, size, IMAGE_SIZES, 'image size');
    if (typeof px !== 'number') return px;
    return { kind: 'image', coverId: id, size: px, anySize: false };
  }
  return routeNotFound;
}

const songNotFound = { kind: 'invalid', status: 404, message: 'song not found' } as const;
const imageNotFound = { kind: 'invalid', status: 404, message: 'image not found' } as const;
const routeNotFound = { kind: 'invalid', status: 404, message: 'route not found' } as const;

/**
 * The id and the number of a media address (`<id>/<number>`): a bad id is the id's own not-found, a
 * part that is no number the route's, a number not among `allowed` a 400 naming them.
 */
function idAndChoice<N extends number>(id: string, idNotFound: MediaTarget, text: string, allowed: readonly N[], what: string): N | MediaTarget {
  if (!ID_PATTERN.test(id)) return idNotFound;
  if (!NUMBER.test(text)) return routeNotFound;
  const n = Number(text);
  if (!(allowed as readonly number[]).includes(n)) return { kind: 'invalid', status: 400, message: `unknown ${what} ${text}; expected one of ${allowed.join(', ')}` };
  return n as N;
}

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
 * read, whatever the scan saw). With several libraries, their folders are
 * inside too (library-links.ts).
 */
export async function sourceInside(root: string, rel: string): Promise<string | null> {
  const full = resolveInside(root, rel);
  if (!full) return null;
  try {
    const [realRoots, real] = await Promise.all([realRootsOf(root), realpath(full)]);
    return insideAny(realRoots, real) ? real : null;
  } catch {
    return null;
  }
}
