import type { Queryable } from '../../db/db.js';
import type { FoundLyrics } from './read-lyrics.js';

export interface PendingTrack {
  id: string;
  path: string;
  source_key: string;
}

/** The version of a file the lyrics were read from (its sidecar may change alone: see `sidecarKey`). */
const SOURCE_KEY = `(t.size_bytes::text || '-' || t.mtime_ms::text)`;

export function selectPending(db: Queryable, limit: number): Promise<PendingTrack[]> {
  return db.query<PendingTrack>(
    `select t.id, t.path, ${SOURCE_KEY} as source_key
       from tracks t left join track_lyrics l on l.track_id = t.id
      where l.track_id is null or l.source_key <> ${SOURCE_KEY}
      order by t.id
      limit $1`,
    [limit],
  );
}

export async function saveLyrics(db: Queryable, t: PendingTrack, lyrics: FoundLyrics | null): Promise<void> {
  await db.query(
    `insert into track_lyrics (track_id, source_key, origin, synced, lang, lines, updated_at)
     values ($1, $2, $3, $4, $5, $6::text::jsonb, now())
     on conflict (track_id) do update set source_key = excluded.source_key, origin = excluded.origin, synced = excluded.synced,
       lang = excluded.lang, lines = excluded.lines, updated_at = now()`,
    [t.id, t.source_key, lyrics?.origin ?? 'none', lyrics?.synced ?? false, lyrics?.lang ?? null, JSON.stringify(lyrics?.lines ?? [])],
  );
}

export interface StoredLyrics {
  synced: boolean;
  lang: string | null;
  lines: { startMs?: number; text: string }[];
}

/** A track's lyrics for its current file version; null when it has none (or they are not read yet). */
export async function selectLyrics(db: Queryable, trackId: string): Promise<StoredLyrics | null> {
  const [row] = await db.query<StoredLyrics>(
    `select l.synced, l.lang, l.lines from tracks t join track_lyrics l on l.track_id = t.id and l.source_key = ${SOURCE_KEY}
      where t.id = $1 and l.origin <> 'none'`,
    [trackId],
  );
  return row ?? null;
}
