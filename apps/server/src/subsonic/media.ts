import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { attachmentHeader } from '../http/content-disposition.js';
import { accelFor, coverOrGenerated, ID_PATTERN, imagePath, mediaPath, readTimeOffset, servedFile, sourceInside, toResponse, type OpenFileCache } from '../catalogue/module.js';
import type { Call, Methods } from './call.js';
import { CODE, invalid, notFound, SubsonicError } from './errors.js';
import { selectCoverOf } from './library-songs.sql.js';
import { contentTypeOf, suffixOf } from './shapes.js';
import { imageSizeFor, tierFor } from './tiers.js';

/** Hands a request to the app's own routes in process (the catalogue's /media and /images). */
export type Internal = (req: Request) => Promise<Response>;

export interface MediaDeps {
  config: Pick<Config, 'MUSIC_DIR' | 'DATA_DIR' | 'ACCEL_REDIRECT'>;
  internal: Internal;
  files: OpenFileCache;
}

const PASSED_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'];

interface TrackFile {
  id: string;
  path: string;
  title: string;
}

async function trackOf(db: Db, id: string): Promise<TrackFile> {
  if (!ID_PATTERN.test(id)) throw notFound('Song');
  const [row] = await db.query<TrackFile>('select id, path, title from tracks where id = $1', [id]);
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

/** Cover ids we emit: 32 hex digits, or a generated cover's `g1-<albumId>-<hash>`. */
const COVER_ID = /^([0-9a-f]{32}|g\d+-[A-Za-z0-9_-]+)$/;

export const mediaMethods = (deps: MediaDeps): Methods => ({
  /**
   * Audio as one of the catalogue's AAC tiers (`maxBitRate` picks it), seeking
   * with `timeOffset`; `format=raw` sends the original file.
   */
  async stream(call) {
    const track = await trackOf(call.db, call.params.required('id'));
    if (call.params.get('format') === 'raw') return original(deps, call, track, false);
    const tier = tierFor(call.params.optionalInt('maxBitRate'));
    const offset = timeOffset(call.params.get('timeOffset'));
    const path = mediaPath(track.id, tier) + (offset == null ? '' : `?timeOffset=${offset}`);
    return delegate(deps, call, path, 'Song');
  },

  async download(call) {
    return original(deps, call, await trackOf(call.db, call.params.required('id')), true);
  },

  /** `id` is the `coverArt` we emit; a song, album or artist id is taken too (some clients send those). */
  async getCoverArt(call) {
    const id = call.params.required('id');
    const size = imageSizeFor(call.params.optionalInt('size'));
    let cover: string | null = COVER_ID.test(id) ? id : null;
    if (cover == null && ID_PATTERN.test(id)) {
      const of = await selectCoverOf(call.db, id);
      cover = of ? coverOrGenerated(of.cover_id, of.album_id, of.album_name) : null;
    }
    if (cover == null) throw notFound('Cover art');
    return delegate(deps, call, imagePath(cover, size), 'Cover art');
  },
});
