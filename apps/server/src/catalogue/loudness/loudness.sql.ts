import type { Queryable } from '../../db/db.js';
import { albumLufs, gainFor } from './ebur128.js';
import type { TrackLoudness } from './measure.js';

export interface PendingTrack {
  id: string;
  path: string;
  source_key: string;
  album_id: string | null;
}

/** The version of a file a measurement belongs to. */
const SOURCE_KEY = `(t.size_bytes::text || '-' || t.mtime_ms::text)`;

/** Tracks with no loudness for their file as it is now, album by album. */
export function selectPending(db: Queryable, limit: number): Promise<PendingTrack[]> {
  return db.query<PendingTrack>(
    `select t.id, t.path, ${SOURCE_KEY} as source_key, t.album_id
       from tracks t left join track_loudness l on l.track_id = t.id
      where l.track_id is null or l.source_key <> ${SOURCE_KEY}
      order by t.album_id nulls last, t.id
      limit $1`,
    [limit],
  );
}

export async function saveTrack(db: Queryable, t: PendingTrack, l: TrackLoudness | { origin: 'failed'; error: string }): Promise<void> {
  const v = l.origin === 'failed' ? null : l;
  await db.query(
    `insert into track_loudness (track_id, source_key, lufs, track_gain_db, track_peak, album_gain_db, album_peak, origin, error, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     on conflict (track_id) do update set source_key = excluded.source_key, lufs = excluded.lufs,
       track_gain_db = excluded.track_gain_db, track_peak = excluded.track_peak, album_gain_db = excluded.album_gain_db,
       album_peak = excluded.album_peak, origin = excluded.origin, error = excluded.error, updated_at = now()`,
    [t.id, t.source_key, v?.lufs ?? null, v?.trackGainDb ?? null, v?.trackPeak ?? null, v?.albumGainDb ?? null, v?.albumPeak ?? null, l.origin, l.origin === 'failed' ? l.error : null],
  );
}

/**
 * An album's gain once every one of its tracks has a figure: the album's
 * ReplayGain (or R128) tag when its files carry one, with its peak when known, else the energy mean of the
 * measured loudness. Until then (or for silence) the album has none.
 */
export async function updateAlbum(db: Queryable, albumId: string): Promise<void> {
  const rows = await db.query<{ lufs: number | null; album_gain_db: number | null; peak: number | null; album_peak: number | null; duration_s: number | null; has: boolean }>(
    `select l.lufs, l.album_gain_db, l.track_peak as peak, l.album_peak, t.duration_s, l.track_id is not null as has
       from tracks t left join track_loudness l on l.track_id = t.id and l.source_key = ${SOURCE_KEY}
      where t.album_id = $1`,
    [albumId],
  );
  const tagged = rows.find((r) => r.album_gain_db != null);
  const measured = rows.every((r) => r.has && r.lufs != null);
  const peak = Math.max(0, ...rows.map((r) => r.album_peak ?? r.peak ?? 0));
  let gain: number | null = null;
  if (tagged) gain = tagged.album_gain_db;
  else if (rows.length > 0 && measured) {
    const lufs = albumLufs(rows.map((r) => ({ lufs: r.lufs!, durationS: r.duration_s ?? 0 })));
    gain = lufs == null ? null : gainFor(lufs);
  }
  // A measured album always has its peak; a tagged one may come without (R128 tags carry none).
  if (gain == null || (!tagged && !(peak > 0))) {
    await db.query('delete from album_loudness where album_id = $1', [albumId]);
    return;
  }
  await db.query(
    `insert into album_loudness (album_id, gain_db, peak, updated_at) values ($1, $2, $3, now())
     on conflict (album_id) do update set gain_db = excluded.gain_db, peak = excluded.peak, updated_at = now()`,
    [albumId, gain, peak > 0 ? peak : null],
  );
}

/**
 * Albums whose every track has a figure but which have no album figure yet:
 * a track measured before the scan had linked it to its album leaves its
 * album to this sweep.
 */
export async function selectAlbumsToUpdate(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select al.id from albums al
      where not exists (select 1 from album_loudness x where x.album_id = al.id)
        and exists (select 1 from tracks t where t.album_id = al.id)
        and not exists (select 1 from tracks t left join track_loudness l on l.track_id = t.id and l.source_key = ${SOURCE_KEY}
                         where t.album_id = al.id and (l.track_id is null or l.origin = 'failed'))`,
  );
  return rows.map((r) => r.id);
}
