import type { BitrateKbps } from '@lyra/contracts/ids';
import type { Db } from '../../db/db.js';
import { createExpiringMemo } from '../../expiring-memo.js';
import { ceilingTier } from '../urls.js';
import { cacheKey } from './audio-cache.js';
import type { SourceAudio, Tags } from './tiers.js';

/** What /media needs to know about a track to serve or make a tier. */
export interface TrackMedia extends SourceAudio {
  id: string;
  /** Relative to MUSIC_DIR, '/'-separated (tracks.path). */
  path: string;
  sizeBytes: number;
  mtimeMs: number;
  durationS: number | null;
  title: string;
  /** The best tier worth making from this source (urls.ts). */
  ceiling: BitrateKbps;
  /** Names this version of the source in the audio cache (audio-cache.ts). */
  cacheKey: string;
}

interface Row {
  path: string;
  size_bytes: number;
  mtime_ms: number;
  duration_s: number | null;
  title: string;
  codec: string | null;
  bitrate_kbps: number | null;
  sample_rate: number | null;
  channels: number | null;
}

/** Rows are remembered this long: every range request of a play asks again, the table rarely changes. */
export const TRACK_MEMO_MS = 5_000;
const MEMO_MAX = 4096;

export interface TrackLookup {
  get(id: string): Promise<TrackMedia | null>;
  /** The remembered row, if it is still fresh (no query). */
  peek(id: string): TrackMedia | undefined;
  tags(id: string, title: string): Promise<Tags>;
  /** Forgets these tracks at once (a scan removed them): their next request asks the table. */
  forget(ids: readonly string[]): void;
}

export function createTrackLookup(db: Db, now: () => number): TrackLookup {
  const memo = createExpiringMemo<string, TrackMedia>({ ttlMs: TRACK_MEMO_MS, max: MEMO_MAX, now });
  // Concurrent misses for one id share one query: when an entry expires, every
  // listener of that song asks at once.
  const pending = new Map<string, Promise<TrackMedia | null>>();

  const load = async (id: string): Promise<TrackMedia | null> => {
    const rows = await db.query<Row>(
      `select path, size_bytes, mtime_ms, duration_s, title, codec, bitrate_kbps, sample_rate, channels
         from tracks where id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) {
      memo.delete(id);
      return null;
    }
    const track: TrackMedia = {
      id,
      path: row.path,
      sizeBytes: row.size_bytes,
      mtimeMs: row.mtime_ms,
      durationS: row.duration_s,
      title: row.title,
      sampleRate: row.sample_rate,
      channels: row.channels,
      ceiling: ceilingTier(row.bitrate_kbps, row.codec),
      cacheKey: cacheKey({ sizeBytes: row.size_bytes, mtimeMs: row.mtime_ms }),
    };
    memo.set(id, track);
    return track;
  };

  return {
    peek: (id) => memo.get(id),
    get(id) {
      const hit = memo.get(id);
      if (hit) return Promise.resolve(hit);
      let p = pending.get(id);
      if (!p) {
        p = load(id).finally(() => pending.delete(id));
        pending.set(id, p);
      }
      return p;
    },
    forget(ids) {
      for (const id of ids) memo.delete(id);
    },
    async tags(id, title) {
      const rows = await db.query<{ artist: string | null; album: string | null }>(
        `select (select string_agg(a.name, ', ' order by ta.position)
                   from track_artists ta join artists a on a.id = ta.artist_id
                  where ta.track_id = t.id and ta.role = 'primary') as artist,
                al.name as album
           from tracks t left join albums al on al.id = t.album_id
          where t.id = $1`,
        [id],
      );
      return { title, artist: rows[0]?.artist ?? null, album: rows[0]?.album ?? null };
    },
  };
}
