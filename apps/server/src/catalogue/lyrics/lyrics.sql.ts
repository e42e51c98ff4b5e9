import type { Queryable } from '../../db/db.js';
import type { FoundLyrics } from './read-lyrics.js';

export interface PendingTrack {
  id: string;
  path: string;
  source_key: string;
  folder_key: string;
}

/** The version of a file the lyrics were read from. */
const SOURCE_KEY = `(t.size_bytes::text || '-' || t.mtime_ms::text)`;

/**
 * The signature of the song's folder as the last completed scan saw it (its mtime and
 * entry count, scan_folders): a sidecar .lrc added, removed or renamed into place
 * beside an unchanged song changes it, so that song's lyrics are read again.
 */
const FOLDER_KEY = `coalesce((select f.mtime_ms::text || '-' || f.entries::text from scan_folders f
   where f.path = case when strpos(t.path, '/') = 0 then '' else regexp_replace(t.path, '/[^/]*$', '') end), '')`;

/** Tracks whose lyrics are to be read, in id order after `after` (a round walks the library once). */
export function selectPending(db: Queryable, limit: number, after = ''): Promise<PendingTrack[]> {
  return db.query<PendingTrack>(
    `select id, path, source_key, folder_key from (
       select t.id, t.path, ${SOURCE_KEY} as source_key, ${FOLDER_KEY} as folder_key, l.source_key as had_source, l.folder_key as had_folder
         from tracks t left join track_lyrics l on l.track_id = t.id
        where t.id > $2
     ) p
      where had_source is null or had_source <> source_key or had_folder <> folder_key
      order by id
      limit $1`,
    [limit, after],
  );
}

export async function saveLyrics(db: Queryable, t: PendingTrack, lyrics: FoundLyrics | null): Promise<void> {
  await db.query(
    `insert into track_lyrics (track_id, source_key, folder_key, origin, synced, lang, lines, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, now())
     on conflict (track_id) do update set source_key = excluded.source_key, folder_key = excluded.folder_key, origin = excluded.origin,
       synced = excluded.synced, lang = excluded.lang, lines = excluded.lines, updated_at = now()`,
    [t.id, t.source_key, t.folder_key, lyrics?.origin ?? 'none', lyrics?.synced ?? false, lyrics?.lang ?? null, JSON.stringify(lyrics?.lines ?? [])],
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

/**
 * The first song (by id) with lyrics whose title is `title` and one of whose artists is `artist`, ignoring case;
 * an empty `title` or `artist` matches any.
 */
export async function selectSongWithLyrics(db: Queryable, title: string, artist: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select t.id from tracks t join track_lyrics l on l.track_id = t.id and l.origin <> 'none'
      where ($1 = '' or lower(t.title) = lower($1))
        and ($2 = '' or exists (select 1 from track_artists ta join artists a on a.id = ta.artist_id
                                 where ta.track_id = t.id and lower(a.name) = lower($2)))
      order by t.id limit 1`,
    [title, artist],
  );
  return row?.id ?? null;
}
