import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../../db/db.js';
import { artistKey, trackId } from '../ids.js';
import type { GroupingRow } from './album-grouping.js';
import { ensureArtists, newTrackId } from './entity-rows.js';
import { albumIdsFor } from './finalize.js';
import { knownMates, noteWritten, type FirstScan } from './first-scan.js';
import type { AudioFile } from './read-audio.js';

/**
 * Which reading of the tags the rows written hold (tracks.tags_version): a scan
 * reads again an unchanged file whose row holds an older one (scan-batch.ts).
 * Bump it, with a migration that forgets scan_folders, when the catalogue starts
 * keeping more of the tags (1: 0600-tag-details.sql).
 */
export const TAGS_VERSION = 1;

/** Lists travel as one text, joined by a character no tag keeps (tag-mapping.ts drops control characters). */
const LIST_SEPARATOR = '\u001f';

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

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

/**
 * The ids of a batch of files, in walk order: a known path keeps its row's id;
 * else a row with the same fingerprint whose file is gone lends its id (a move
 * or rename); else a new id from the fingerprint (salted with the path for a
 * second copy of the same bytes).
 */
async function resolveIds(
  q: Queryable,
  root: string,
  gen: number,
  tracks: readonly ReadTrack[],
  known: ReadonlyMap<string, string>,
  firstScan: FirstScan | undefined,
): Promise<{ ids: string[]; moved: Set<string> }> {
  const fresh = tracks.filter((t) => !known.has(t.rel));
  // A twin already seen in this scan still has its file: it cannot be where a new one came from.
  // In a first scan every song was written (so seen) by this scan: there is no twin to look up.
  const twins =
    fresh.length && !firstScan
      ? await q.query<{ id: string; path: string; fingerprint: string }>(
          `select id, path, fingerprint from tracks t where fingerprint = any($1::text[])
              and not exists (select 1 from scan_seen s where s.gen = $2 and s.path = t.path) order by path`,
          [fresh.map((t) => t.audio.fingerprint), gen],
        )
      : [];
  const firstChoice = fresh.map((t) => trackId(t.audio.fingerprint));
  const taken = new Set(
    !firstChoice.length
      ? []
      : firstScan
        ? firstChoice.filter((id) => firstScan.written.has(id))
        : (await q.query<{ id: string }>('select id from tracks where id = any($1::text[])', [firstChoice])).map((r) => r.id),
  );
  const ids: string[] = [];
  const moved = new Set<string>();
  for (const t of tracks) {
    const knownId = known.get(t.rel);
    if (knownId) {
      ids.push(knownId);
      continue;
    }
    let id: string | null = null;
    for (const twin of twins) {
      if (twin.fingerprint !== t.audio.fingerprint || moved.has(twin.id)) continue;
      if (!(await exists(join(root, twin.path)))) {
        id = twin.id;
        moved.add(id);
        break;
      }
    }
    if (!id) {
      const first = trackId(t.audio.fingerprint);
      id = taken.has(first) ? await newTrackId(q, t.audio.fingerprint, t.rel, taken) : first;
    }
    taken.add(id);
    ids.push(id);
  }
  return { ids, moved };
}

/**
 * Inserts or updates a batch of tracks and their credits, a few statements per
 * batch whatever its size. search_text is lower(unaccent(title + artists +
 * album)) and search_tsv its 'simple' tsvector: the search queries rely on them.
 * Returns how many files kept the id of a moved file.
 */
export async function writeTracks(
  q: Queryable,
  root: string,
  /** The scan's generation (scan_seen). */
  gen: number,
  tracks: readonly ReadTrack[],
  known: ReadonlyMap<string, string>,
  /**
   * Given in a first scan (first-scan.ts): no lookup of twins, of ids already held, of
   * folder-mates, artists or albums.
   */
  firstScan?: FirstScan,
): Promise<number> {
  if (tracks.length === 0) return 0;
  const { ids, moved } = await resolveIds(q, root, gen, tracks, known, firstScan);
  const { albumIds, rows } = await provisionalAlbums(q, ids, tracks, firstScan);
  // Every column travels as text[] and is cast in SQL: the drivers agree on text arrays
  // (postgres.js cannot send boolean[]), and a null stays a null.
  const col = (f: (t: ReadTrack) => string | number | boolean | null) =>
    tracks.map((t) => {
      const v = f(t);
      return v === null ? null : String(v);
    });
  const listCol = (f: (t: ReadTrack) => readonly string[]) => col((t) => (f(t).length ? f(t).join(LIST_SEPARATOR) : null));
  const search = (t: ReadTrack) => {
    const credited = t.audio.tags.credits.filter((c) => c.role !== 'composer').map((c) => c.name);
    return [t.audio.tags.title, ...credited, t.audio.tags.album ?? ''].join(' ').replace(/\s+/g, ' ').trim();
  };
  await q.query(
    `insert into tracks (id, path, dir, size_bytes, mtime_ms, fingerprint, title, norm_title,
        track_no, disc_no, year, release_date, duration_s, genre, language, label, copyright, explicit,
        codec, container, bitrate_kbps, sample_rate, channels, cover_id, cover_source, folder_sig,
        album_tag, album_artist_tag, artist_tag, compilation, search_text, search_tsv, scanned_at, album_id,
        bit_depth, bpm, comment, mbz_track_id, mbz_album_id, isrc, moods, release_types, original_date,
        explicit_status, tags_version)
     select id, path, dir, size_bytes::int8, mtime_ms::int8, fingerprint, title, lower(unaccent(title)),
        track_no::int, disc_no::int, year::int, release_date, duration_s::float8, genre, language, label, copyright,
        explicit::bool, codec, container, bitrate_kbps::int, sample_rate::int, channels::int, cover_id, cover_source,
        folder_sig, album_tag, album_artist_tag, artist_tag, compilation::bool,
        lower(unaccent(search)), to_tsvector('simple', lower(unaccent(search))), now(), album_id,
        bit_depth::int, bpm::int, comment, mbz_track_id, mbz_album_id, string_to_array(isrc, $42::text),
        string_to_array(moods, $42::text), string_to_array(release_types, $42::text), original_date, explicit_status, ${TAGS_VERSION}
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
                   $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[],
                   $22::text[], $23::text[], $24::text[], $25::text[], $26::text[], $27::text[], $28::text[],
                   $29::text[], $30::text[], $31::text[], $32::text[], $33::text[], $34::text[], $35::text[],
                   $36::text[], $37::text[], $38::text[], $39::text[], $40::text[], $41::text[])
         as x(id, path, dir, size_bytes, mtime_ms, fingerprint, title, track_no, disc_no, year, release_date,
              duration_s, genre, language, label, copyright, explicit, codec, container, bitrate_kbps,
              sample_rate, channels, cover_id, cover_source, folder_sig, album_tag, album_artist_tag,
              artist_tag, compilation, search, album_id, bit_depth, bpm, comment, mbz_track_id, mbz_album_id,
              isrc, moods, release_types, original_date, explicit_status)
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
        search_text = excluded.search_text, search_tsv = excluded.search_tsv, scanned_at = excluded.scanned_at,
        album_id = excluded.album_id, bit_depth = excluded.bit_depth, bpm = excluded.bpm,
        comment = excluded.comment, mbz_track_id = excluded.mbz_track_id, mbz_album_id = excluded.mbz_album_id,
        isrc = excluded.isrc, moods = excluded.moods, release_types = excluded.release_types,
        original_date = excluded.original_date, explicit_status = excluded.explicit_status,
        tags_version = excluded.tags_version`,
    [
      ids, col((t) => t.rel), col((t) => t.dir), col((t) => t.sizeBytes), col((t) => t.mtimeMs),
      col((t) => t.audio.fingerprint), col((t) => t.audio.tags.title), col((t) => t.audio.tags.trackNo),
      col((t) => t.audio.tags.discNo), col((t) => t.audio.tags.year), col((t) => t.audio.tags.releaseDate),
      col((t) => t.audio.format.durationS), col((t) => t.audio.tags.genre), col((t) => t.audio.tags.language),
      col((t) => t.audio.tags.label), col((t) => t.audio.tags.copyright), col((t) => t.audio.tags.explicit),
      col((t) => t.audio.format.codec), col((t) => t.audio.format.container), col((t) => t.audio.format.bitrateKbps),
      col((t) => t.audio.format.sampleRate), col((t) => t.audio.format.channels), col((t) => t.coverId),
      col((t) => t.coverSource), col((t) => t.folderSig), col((t) => t.audio.tags.album),
      col((t) => t.audio.tags.albumArtist), col((t) => t.audio.tags.artistTag), col((t) => t.audio.tags.compilation),
      col(search), albumIds, col((t) => t.audio.format.bitDepth), col((t) => t.audio.tags.bpm),
      col((t) => t.audio.tags.comment), col((t) => t.audio.tags.musicBrainzTrackId),
      col((t) => t.audio.tags.musicBrainzAlbumId), listCol((t) => t.audio.tags.isrc), listCol((t) => t.audio.tags.moods),
      listCol((t) => t.audio.tags.releaseTypes), col((t) => t.audio.tags.originalDate),
      col((t) => t.audio.tags.explicitStatus), LIST_SEPARATOR,
    ],
  );
  // A first scan's songs are new rows: they have no credits to replace.
  await writeCredits(q, ids, tracks, !firstScan, firstScan);
  // A first scan that began without errors gives each path once: a song written has none.
  if (!firstScan || firstScan.errorsAtStart) await q.query('delete from scan_errors where path = any($1::text[])', [col((t) => t.rel)]);
  if (firstScan) noteWritten(firstScan, ids, rows);
  return moved.size;
}

/**
 * The album of each new or changed song, decided with its folder-mates already
 * in the catalogue, so the row is written once with it. The regrouping at the
 * end of the scan (finalize.ts) still decides every changed folder whole, and
 * rewrites only the rows whose album differs (a folder split across batches).
 */
async function provisionalAlbums(
  q: Queryable,
  ids: readonly string[],
  tracks: readonly ReadTrack[],
  firstScan: FirstScan | undefined,
): Promise<{ albumIds: (string | null)[]; rows: GroupingRow[] }> {
  const dirs = [...new Set(tracks.map((t) => t.dir))];
  const mates =
    (firstScan && knownMates(firstScan, dirs)) ??
    (await q.query<GroupingRow>(
      `select id, dir, album_tag, album_artist_tag, artist_tag, compilation from tracks
        where dir = any($1::text[]) and not (id = any($2::text[]))`,
      [dirs, ids],
    ));
  const rows: GroupingRow[] = tracks.map((t, i) => ({
    id: ids[i]!,
    dir: t.dir,
    album_tag: t.audio.tags.album,
    album_artist_tag: t.audio.tags.albumArtist,
    artist_tag: t.audio.tags.artistTag,
    compilation: t.audio.tags.compilation,
  }));
  const albums = await albumIdsFor(q, [...mates, ...rows], firstScan?.entities);
  return { albumIds: ids.map((id) => albums.get(id) ?? null), rows };
}

async function writeCredits(
  q: Queryable,
  ids: readonly string[],
  tracks: readonly ReadTrack[],
  replace: boolean,
  firstScan: FirstScan | undefined,
) {
  if (replace) await q.query('delete from track_artists where track_id = any($1::text[])', [ids]);
  const artists = await ensureArtists(q, tracks.flatMap((t) => t.audio.tags.credits.map((c) => c.name)), firstScan?.entities);
  const rows = { track: [] as string[], artist: [] as string[], role: [] as string[], position: [] as string[] };
  tracks.forEach((t, i) => {
    const next = new Map<string, number>();
    for (const c of t.audio.tags.credits) {
      const p = next.get(c.role) ?? 0;
      next.set(c.role, p + 1);
      rows.track.push(ids[i]!);
      rows.artist.push(artists.get(artistKey(c.name))!);
      rows.role.push(c.role);
      rows.position.push(String(p));
    }
  });
  if (rows.track.length === 0) return;
  await q.query(
    `insert into track_artists (track_id, artist_id, role, position)
     select t, a, r, p::int from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as x(t, a, r, p)
     on conflict do nothing`,
    [rows.track, rows.artist, rows.role, rows.position],
  );
}

/**
 * Files that could not be read: kept in scan_errors until they change. A song
 * whose file became unreadable leaves the catalogue. Returns the ids of the songs removed.
 */
export async function recordErrors(
  q: Queryable,
  gen: number,
  files: readonly { rel: string; sizeBytes: number; mtimeMs: number; message: string }[],
): Promise<string[]> {
  if (files.length === 0) return [];
  const gone = await q.query<{ id: string }>('delete from tracks where path = any($1::text[]) returning id', [files.map((f) => f.rel)]);
  await q.query(
    `insert into scan_errors (path, size_bytes, mtime_ms, message, at, scan_gen)
     select p, s::int8, m::int8, msg, now(), $5 from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as x(p, s, m, msg)
     on conflict (path) do update set size_bytes = excluded.size_bytes, mtime_ms = excluded.mtime_ms,
       message = excluded.message, at = excluded.at, scan_gen = excluded.scan_gen`,
    [
      files.map((f) => f.rel),
      files.map((f) => String(f.sizeBytes)),
      files.map((f) => String(f.mtimeMs)),
      files.map((f) => f.message.slice(0, 500)),
      gen,
    ],
  );
  return gone.map((g) => g.id);
}
