import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { attachmentHeader } from '../http/content-disposition.js';
import {
  accelFor,
  coverOrGenerated,
  ID_PATTERN,
  readTimeOffset,
  selectSong,
  servedFile,
  sourceInside,
  SUBSONIC_ASK,
  tierPath,
  toResponse,
  type AudioFormat,
  type OpenFileCache,
  type SongRow,
} from '../catalogue/module.js';
import type { Call, Methods } from './call.js';
import { CODE, invalid, notFound, SubsonicError } from './errors.js';
import { selectCoverOf } from './library-songs.sql.js';
import { contentTypeOf, suffixOf } from './shapes.js';
import { coverSideFor, estimatedBytes, exactLength, formatFor, tierFor } from './tiers.js';

/** Hands a request to the app's own routes in process (the catalogue's /media and /images). */
export type Internal = (req: Request) => Promise<Response>;

export interface MediaDeps {
  config: Pick<Config, 'MUSIC_DIR' | 'DATA_DIR' | 'ACCEL_REDIRECT'>;
  internal: Internal;
  files: OpenFileCache;
}

const PASSED_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'];

type TrackFile = Pick<SongRow, 'id' | 'path' | 'title' | 'duration_s'>;

async function trackOf(db: Db, id: string): Promise<TrackFile> {
  if (!ID_PATTERN.test(id)) throw notFound('Song');
  const row = await selectSong(db, id);
  if (!row) throw notFound('Song');
  return row;
}

/**
 * Asks the catalogue's media routes for `path`, with the client's Range and
 * validators. Its errors become protocol errors; 416 stays as it is (a player
 * reading past the end must see it).
 */
async function delegate(deps: MediaDeps, call: Call, path: string, what: string): Promise<Response> {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const v = call.req.headers.get(name);
    if (v != null) headers.set(name, v);
  }
  // The catalogue's answers to Subsonic's own asks (MP3 tiers, any cover size, offsets on cached tiers).
  headers.set(SUBSONIC_ASK.header, SUBSONIC_ASK.value);
  const method = call.req.method === 'HEAD' ? 'HEAD' : 'GET';
  const res = await deps.internal(new Request(new URL(path, 'http://internal'), { method, headers, signal: call.req.signal }));
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

/** Subsonic `timeOffset` (seconds) in the form /media reads; the protocol's error when it is not one. */
function timeOffset(raw: string | null): string | null {
  if (raw == null || raw === '') return null;
  const s = readTimeOffset(raw);
  if (typeof s === 'string') throw invalid('timeOffset', s);
  return s === 0 ? null : raw;
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

/** Cover ids we emit: 32 hex digits, or a generated cover's `g1-<albumId>-<hash>`. */
const COVER_ID = /^([0-9a-f]{32}|g\d+-[A-Za-z0-9_-]+)$/;

export const mediaMethods = (deps: MediaDeps): Methods => ({
  /**
   * Audio as one of the catalogue's tiers (`maxBitRate` picks it), AAC in MP4
   * or MP3 (`format=mp3`), starting at `timeOffset` whether or not the tier is
   * cached; `format=raw` sends the original file. `estimateContentLength=true`
   * gives a tier still being made a Content-Length.
   */
  async stream(call) {
    const track = await trackOf(call.db, call.params.required('id'));
    const format = formatFor(call.params.get('format'));
    if (format === 'raw') return original(deps, call, track, false);
    const tier = tierFor(call.params.optionalInt('maxBitRate'));
    const offset = timeOffset(call.params.get('timeOffset'));
    const path = tierPath(track.id, tier, format) + (offset == null ? '' : `?timeOffset=${offset}`);
    const res = await delegate(deps, call, path, 'Song');
    if (call.params.get('estimateContentLength') !== 'true') return res;
    return withEstimatedLength(res, track, offset == null ? 0 : Number(offset), format);
  },

  async download(call) {
    return original(deps, call, await trackOf(call.db, call.params.required('id')), true);
  },

  /**
   * `id` is the `coverArt` we emit; a song, album or artist id is taken too (some clients send those).
   * A square of `size` px, or of the original's side when that is smaller (the original's, at most
   * 1200, without `size`).
   */
  async getCoverArt(call) {
    const id = call.params.required('id');
    const side = coverSideFor(call.params.optionalInt('size'));
    let cover: string | null = COVER_ID.test(id) ? id : null;
    if (cover == null && ID_PATTERN.test(id)) {
      const of = await selectCoverOf(call.db, id);
      cover = of ? coverOrGenerated(of.cover_id, of.album_id, of.album_name) : null;
    }
    if (cover == null) throw notFound('Cover art');
    return delegate(deps, call, `/images/${cover}/${side}.jpg`, 'Cover art');
  },
});
