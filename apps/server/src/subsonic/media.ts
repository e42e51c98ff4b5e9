import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { attachmentHeader } from '../http/content-disposition.js';
import {
  accelFor,
  coverOrGenerated,
  ID_PATTERN,
  readTimeOffset,
  selectCoverOf,
  selectSong,
  servedFile,
  sourceInside,
  toResponse,
  type AudioFormat,
  type CatalogueMedia,
  type MediaAsk,
  type OpenFileCache,
  type SongRow,
} from '../catalogue/module.js';
import type { Call, Methods } from './call.js';
import { CODE, invalid, notFound, SubsonicError } from './errors.js';
import { STATION_COVER, stationCover, stationCoverKey } from './radio.js';
import { radioStore } from './radio.sql.js';
import { contentTypeOf, suffixOf } from './shapes.js';
import { coverSideFor, estimatedBytes, exactLength, formatFor, sendsOriginal, tierFor } from './tiers.js';

export interface MediaDeps {
  config: Pick<Config, 'MUSIC_DIR' | 'DATA_DIR' | 'ACCEL_REDIRECT'>;
  /** The catalogue's audio tiers and covers. */
  media: CatalogueMedia;
  files: OpenFileCache;
}

type TrackFile = Pick<SongRow, 'id' | 'path' | 'title' | 'duration_s' | 'codec' | 'bitrate_kbps'>;

async function trackOf(db: Db, id: string): Promise<TrackFile> {
  if (!ID_PATTERN.test(id)) throw notFound('Song');
  const row = await selectSong(db, id);
  if (!row) throw notFound('Song');
  return row;
}

/** The client's method, Range and validators, for the catalogue's media. */
function askOf(call: Call): MediaAsk {
  const h = call.req.headers;
  return {
    method: call.req.method === 'HEAD' ? 'HEAD' : 'GET',
    range: h.get('range') ?? undefined,
    ifRange: h.get('if-range') ?? undefined,
    ifNoneMatch: h.get('if-none-match') ?? undefined,
    ifModifiedSince: h.get('if-modified-since') ?? undefined,
    signal: call.req.signal,
  };
}

/**
 * The catalogue's answer as this call's: its errors become protocol errors; 416 stays as it is (a
 * player reading past the end must see it).
 */
async function passed(res: Response, what: string): Promise<Response> {
  if (res.status < 400 || res.status === 416) return res;
  const detail = await res.json().then(
    (b: unknown) => (typeof b === 'object' && b !== null && 'message' in b && typeof b.message === 'string' ? b.message : ''),
    () => '',
  );
  if (res.status === 404) throw notFound(what);
  throw new SubsonicError(CODE.generic, detail || `${what} unavailable (${res.status})`);
}

/** The original file, with Range and validators (the catalogue's file replies). */
async function original(deps: MediaDeps, call: Call, track: TrackFile, attachment: boolean): Promise<Response> {
  const full = await sourceInside(deps.config.MUSIC_DIR, track.path);
  const file = full == null ? null : await deps.files.acquire(full);
  if (!file || full == null) throw notFound('Song');
  const suffix = suffixOf(track.path);
  const h = call.req.headers;
  // Behind nginx with ACCEL_REDIRECT, nginx sends the file.
  const reply = servedFile(
    {
      method: call.req.method === 'HEAD' ? 'HEAD' : 'GET',
      range: h.get('range') ?? undefined,
      ifRange: h.get('if-range') ?? undefined,
      ifNoneMatch: h.get('if-none-match') ?? undefined,
      ifModifiedSince: h.get('if-modified-since') ?? undefined,
      accel: accelFor(deps.config.ACCEL_REDIRECT, deps.config.DATA_DIR, deps.config.MUSIC_DIR),
    },
    full,
    file,
    {
      'content-type': contentTypeOf(suffix),
      ...(attachment ? { 'content-disposition': attachmentHeader(track.title, suffix || 'bin') } : {}),
      'access-control-allow-origin': '*',
    },
  );
  return toResponse(call.req.method === 'HEAD' ? 'HEAD' : 'GET', reply);
}

/** Subsonic `timeOffset` in seconds (0 when absent); the protocol's error when it is not one. */
function timeOffset(raw: string | null): number {
  const s = readTimeOffset(raw);
  if (typeof s === 'string') throw invalid('timeOffset', s);
  return s;
}

/**
 * `estimateContentLength=true` on a tier whose length is not known yet (a first transcode, an offset):
 * Content-Length is estimated from the time left and the tier's bitrate (tiers.ts `estimatedBytes`),
 * and the body made exactly that long, as HTTP requires (tiers.ts `exactLength`).
 * A transcode that fails still ends the body early, as an error.
 */
function withEstimatedLength(res: Response, track: TrackFile, offsetS: number, format: AudioFormat): Response {
  const kbps = Number(res.headers.get('x-audio-bitrate'));
  if (res.status !== 200 || res.headers.has('content-length') || track.duration_s == null || !(kbps > 0)) return res;
  const length = estimatedBytes(Math.max(0, track.duration_s - offsetS), kbps, format);
  const headers = new Headers(res.headers);
  headers.set('content-length', String(length));
  return new Response(res.body && exactLength(res.body, length, format), { status: 200, headers });
}

/** Cover ids we emit: 32 hex digits, a generated cover's `g1-<albumId>-<hash>`, or a generated artist picture's `ga1-<artistId>-<hash>`. */
const COVER_ID = /^([0-9a-f]{32}|g\d+-[A-Za-z0-9_-]+|ga\d+-[A-Za-z0-9_]+-[0-9a-f]{8})$/;

export const mediaMethods = (deps: MediaDeps): Methods => ({
  /**
   * The original file, with Range, when the client asks for no other format (nor a bitrate under the
   * file's) and it plays as it is in browsers and apps (tiers.ts `sendsOriginal`); else one of the
   * catalogue's tiers (`maxBitRate` picks it), AAC in MP4 or MP3 (`format=mp3`), starting at `timeOffset`
   * whether or not the tier is cached. `format=raw` always sends the original. `estimateContentLength=true`
   * gives a tier still being made a Content-Length.
   */
  async stream(call) {
    const track = await trackOf(call.db, call.params.required('id'));
    const asked = call.params.get('format');
    const format = formatFor(asked);
    const maxBitRate = call.params.optionalInt('maxBitRate');
    const offset = timeOffset(call.params.get('timeOffset'));
    if (format === 'raw' || (offset === 0 && sendsOriginal({ ...track, suffix: suffixOf(track.path) }, asked, maxBitRate))) return original(deps, call, track, false);
    const ask = { trackId: track.id, kbps: tierFor(maxBitRate), format, timeOffsetS: offset };
    const res = await passed(await deps.media.audio(ask, askOf(call)), 'Song');
    if (call.params.get('estimateContentLength') !== 'true') return res;
    return withEstimatedLength(res, track, offset, format);
  },

  async download(call) {
    return original(deps, call, await trackOf(call.db, call.params.required('id')), true);
  },

  /**
   * `id` is the `coverArt` we emit (a radio station's too); a song, album or artist id is taken too (some clients send those).
   * A square of `size` px, or of the original's side when that is smaller (the original's, at most
   * 1200, without `size`).
   */
  async getCoverArt(call) {
    const id = call.params.required('id');
    const side = coverSideFor(call.params.optionalInt('size'));
    const station = STATION_COVER.exec(id);
    if (station) {
      const row = await radioStore(call.db).byId(station[1]!);
      if (!row || stationCoverKey(row) !== station[2]) throw notFound('Cover art');
      return passed(await deps.media.namedCover(stationCover(row), side, askOf(call)), 'Cover art');
    }
    let cover: string | null = COVER_ID.test(id) ? id : null;
    if (cover == null && ID_PATTERN.test(id)) {
      const of = await selectCoverOf(call.db, id);
      cover = of ? coverOrGenerated(of.cover_id, of.album_id, of.album_name) : null;
    }
    if (cover == null) throw notFound('Cover art');
    return passed(await deps.media.cover(cover, side, askOf(call)), 'Cover art');
  },
});
