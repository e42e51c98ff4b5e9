import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../../db/db.js';
import { artistKey } from '../ids.js';
import { ensureArtists, newTrackId } from './entity-rows.js';
import type { AudioFile } from './read-audio.js';

/** A file read in this scan, ready to be written. */
export interface ReadTrack {
  rel: string;
  dir: string;
  sizeBytes: number;
  mtimeMs: number;
  folderSig: string;
  audio: AudioFile;
  coverId: string | null;
  coverSource: 'embedded' | 'folder' | null;
}

const exists = (p: string) => access(p).then(
  () => true,
  () => false,
);

/**
 * The id a file gets: its row's id when the path is known; else the id of a
 * row with the same fingerprint whose file is gone (a move or rename keeps
 * its id); else a new id from the fingerprint.
 */
async function resolveId(q: Queryable, root: string, t: ReadTrack, knownId: string | undefined) {
  if (knownId) return { id: knownId, moved: false };
  const twins = await q.query<{ id: string; path: string }>(
    'select id, path from tracks where fingerprint = $1 order by path',
    [t.audio.fingerprint],
  );
  for (const twin of twins) {
    if (!(await exists(join(root, twin.path)))) return { id: twin.id, moved: true };
  }
  return { id: await newTrackId(q, t.audio.fingerprint, t.rel), moved: false };
}

/**
 * Inserts or updates the track row and its credits. search_text is
 * lower(unaccent(title + artists + album)) and search_tsv its 'simple'
 * tsvector: the search queries rely on exactly these.
 */
export async function writeTrack(
  q: Queryable,
  root: string,
  gen: number,
  t: ReadTrack,
  knownId: string | undefined,
): Promise<{ id: string; moved: boolean }> {
  const { id, moved } = await resolveId(q, root, t, knownId);
  const { tags, format, fingerprint } = t.audio;
  const credited = tags.credits.filter((c) => c.role !== 'composer').map((c) => c.name);
  const search = [tags.title, ...credited, tags.album ?? ''].join(' ').replace(/\s+/g, ' ').trim();
  await q.query(
    `insert into tracks (id, path, dir, size_bytes, mtime_ms, fingerprint, title, norm_title,
        track_no, disc_no, year, release_date, duration_s, genre, language, label, copyright, explicit,
        codec, container, bitrate_kbps, sample_rate, channels, cover_id, cover_source, folder_sig,
        album_tag, album_artist_tag, artist_tag, compilation, search_text, search_tsv, scanned_at, scan_gen)
     values ($1, $2, $3, $4, $5, $6, $7::text, lower(unaccent($7::text)),
        $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
        $18, $19, $20, $21, $22, $23, $24, $25,
        $26, $27, $28, $29, lower(unaccent($30::text)), to_tsvector('simple', lower(unaccent($30::text))), now(), $31)
     on conflict (id) do update set
        path = excluded.path, dir = excluded.dir, size_bytes = excluded.size_bytes, mtime_ms = excluded.mtime_ms,
        fingerprint = excluded.fingerprint, title = excluded.title, norm_title = excluded.norm_title,
        track_no = excluded.track_no, disc_no = excluded.disc_no, year = excluded.year,
        release_date = excluded.release_date, duration_s = excluded.duration_s, genre = excluded.genre,
        language = excluded.language, label = excluded.label, copyright = excluded.copyright,
        explicit = excluded.explicit, codec = excluded.codec, container = excluded.container,
        bitrate_kbps = excluded.bitrate_kbps, sample_rate = excluded.sample_rate, channels = excluded.channels,
        cover_id = excluded.cover_id, cover_source = excluded.cover_source, folder_sig = excluded.folder_sig,
        album_tag = excluded.album_tag, album_artist_tag = excluded.album_artist_tag,
        artist_tag = excluded.artist_tag, compilation = excluded.compilation,
        search_text = excluded.search_text, search_tsv = excluded.search_tsv,
        scanned_at = excluded.scanned_at, scan_gen = excluded.scan_gen`,
    [
      id, t.rel, t.dir, t.sizeBytes, t.mtimeMs, fingerprint, tags.title,
      tags.trackNo, tags.discNo, tags.year, tags.releaseDate, format.durationS, tags.genre, tags.language,
      tags.label, tags.copyright, tags.explicit,
      format.codec, format.container, format.bitrateKbps, format.sampleRate, format.channels,
      t.coverId, t.coverSource, t.folderSig,
      tags.album, tags.albumArtist, tags.artistTag, tags.compilation, search, gen,
    ],
  );
  await writeCredits(q, id, t.audio.tags.credits);
  await q.query('delete from scan_errors where path = $1', [t.rel]);
  return { id, moved };
}

async function writeCredits(q: Queryable, trackId: string, credits: AudioFile['tags']['credits']) {
  await q.query('delete from track_artists where track_id = $1', [trackId]);
  if (credits.length === 0) return;
  const ids = await ensureArtists(q, credits.map((c) => c.name));
  const position = new Map<string, number>();
  const artistIds: string[] = [];
  const roles: string[] = [];
  const positions: number[] = [];
  for (const c of credits) {
    const p = position.get(c.role) ?? 0;
    position.set(c.role, p + 1);
    artistIds.push(ids.get(artistKey(c.name))!);
    roles.push(c.role);
    positions.push(p);
  }
  await q.query(
    `insert into track_artists (track_id, artist_id, role, position)
     select $1, a, r, p from unnest($2::text[], $3::text[], $4::int[]) as x(a, r, p)
     on conflict do nothing`,
    [trackId, artistIds, roles, positions],
  );
}

/** A file that could not be read: kept in scan_errors until it changes. */
export async function recordError(
  q: Queryable,
  gen: number,
  f: { rel: string; sizeBytes: number; mtimeMs: number },
  message: string,
): Promise<void> {
  await q.query(
    `insert into scan_errors (path, size_bytes, mtime_ms, message, at, scan_gen) values ($1, $2, $3, $4, now(), $5)
     on conflict (path) do update set size_bytes = excluded.size_bytes, mtime_ms = excluded.mtime_ms,
       message = excluded.message, at = excluded.at, scan_gen = excluded.scan_gen`,
    [f.rel, f.sizeBytes, f.mtimeMs, message.slice(0, 500), gen],
  );
}
