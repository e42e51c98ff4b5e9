import { readFile, readlink, realpath } from 'node:fs/promises';
import { join, posix, resolve } from 'node:path';
import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { joinedFolder } from '../library-links.js';
import { newPlaylistId } from './entity-rows.js';
import { parseM3u, playlistNameFromFile, resolveEntry, type EntryLibrary } from './m3u.js';

/**
 * .m3u/.m3u8 files in the music folder become catalogue playlists (source
 * 'm3u'). A file is registered when the walk meets it; its entries are
 * resolved after the tracks are written, and again whenever the catalogue
 * changed, because an entry may name a file that arrived later. With several
 * libraries (MUSIC_DIRS) an absolute entry lands in whichever library holds
 * it, and a relative one starts at the playlist's folder on disk.
 */
export interface PlaylistFile {
  rel: string;
  sizeBytes: number;
  mtimeMs: number;
}

/** Stamps known playlist files as seen; returns true when one is new or changed. */
export async function registerPlaylists(db: Db, gen: number, files: readonly PlaylistFile[]): Promise<boolean> {
  if (files.length === 0) return false;
  return db.transaction(async (tx) => {
    const known = new Map(
      (
        await tx.query<{ path: string; size_bytes: number | null; mtime_ms: number | null }>(
          "select path, size_bytes, mtime_ms from playlists where source = 'm3u' and path = any($1::text[])",
          [files.map((f) => f.rel)],
        )
      ).map((r) => [r.path, r]),
    );
    let changed = false;
    for (const f of files) {
      const k = known.get(f.rel);
      if (k && k.size_bytes === f.sizeBytes && k.mtime_ms === f.mtimeMs) {
        await tx.query('update playlists set scan_gen = $1 where path = $2', [gen, f.rel]);
        continue;
      }
      changed = true;
      const name = playlistNameFromFile(posix.basename(f.rel));
      if (k) {
        await tx.query('update playlists set size_bytes = $1, mtime_ms = $2, scan_gen = $3 where path = $4', [
          f.sizeBytes, f.mtimeMs, gen, f.rel,
        ]);
      } else {
        const id = await newPlaylistId(tx, f.rel);
        await tx.query(
          `insert into playlists (id, name, norm_name, source, path, size_bytes, mtime_ms, scan_gen)
           values ($1, $2::text, lower(unaccent($2::text)), 'm3u', $3, $4, $5, $6)`,
          [id, name, f.rel, f.sizeBytes, f.mtimeMs, gen],
        );
      }
    }
    return changed;
  });
}

const MAX_PLAYLIST_BYTES = 4 * 1024 * 1024;
const MAX_LOGGED_MISSES = 20;

/** Re-reads every m3u playlist and rewrites its songs, name and cover: a page of 100 playlists in one transaction of four statements. */
export async function syncPlaylists(db: Db, root: string, log: Logger): Promise<void> {
  const libraries = await entryLibraries(root);
  let after = '';
  for (;;) {
    const page = await db.query<{ id: string; path: string }>(
      "select id, path from playlists where source = 'm3u' and path > $1 order by path limit 100",
      [after],
    );
    if (page.length === 0) return;
    const read = (await Promise.all(page.map((p) => readPlaylist(root, libraries, log, p)))).filter((r) => r !== null);
    await writePlaylists(db, log, read);
    after = page[page.length - 1]!.path;
  }
}

interface ReadPlaylist {
  id: string;
  path: string;
  name: string;
  /** The entries that name a file inside a library, as songs' paths, in order. */
  wanted: string[];
  misses: { entry: string; reason: string }[];
}

/**
 * The libraries entries may name: the music folder alone, or each library joined under it (library-links.ts),
 * by its folder as configured (the link's target), as the disk resolves it, and through the link.
 */
async function entryLibraries(root: string): Promise<EntryLibrary[]> {
  const real = (path: string) => realpath(path).catch(() => null);
  const joined = await joinedFolder(root);
  if (!joined) return [{ prefix: '', roots: unique([resolve(root), await real(root)]) }];
  return Promise.all(
    [...joined.ids].map(async (id) => {
      const link = join(root, id);
      return { prefix: id, roots: unique([await readlink(link).catch(() => null), await real(link), link]) };
    }),
  );
}

const unique = (paths: readonly (string | null)[]) => [...new Set(paths.filter((p) => p !== null))];

async function readPlaylist(root: string, libraries: readonly EntryLibrary[], log: Logger, p: { id: string; path: string }): Promise<ReadPlaylist | null> {
  let text: string;
  try {
    const buf = await readFile(join(root, p.path));
    if (buf.length > MAX_PLAYLIST_BYTES) throw new Error(`larger than ${MAX_PLAYLIST_BYTES} bytes`);
    text = buf.toString('utf8');
  } catch (e) {
    log.warn('playlist unreadable', { path: p.path, error: e as Error });
    return null;
  }
  const m3u = parseM3u(text);
  const dir = posix.dirname(p.path) === '.' ? '' : posix.dirname(p.path);
  const out: ReadPlaylist = { ...p, name: m3u.name ?? playlistNameFromFile(posix.basename(p.path)), wanted: [], misses: [] };
  for (const entry of m3u.entries) {
    const r = resolveEntry(entry, dir, libraries);
    if (r.ok) out.wanted.push(r.rel);
    else out.misses.push({ entry, reason: r.reason });
  }
  return out;
}

async function writePlaylists(db: Db, log: Logger, lists: readonly ReadPlaylist[]) {
  if (lists.length === 0) return;
  const found = new Map(
    (
      await db.query<{ id: string; path: string }>('select id, path from tracks where path = any($1::text[])', [
        [...new Set(lists.flatMap((l) => l.wanted))],
      ])
    ).map((r) => [r.path, r.id]),
  );
  const rows = { playlist: [] as string[], position: [] as number[], track: [] as string[] };
  for (const l of lists) {
    let position = 0;
    for (const rel of l.wanted) {
      const id = found.get(rel);
      if (!id) {
        l.misses.push({ entry: rel, reason: 'not in the catalogue' });
        continue;
      }
      rows.playlist.push(l.id);
      rows.position.push(position++);
      rows.track.push(id);
    }
    for (const m of l.misses.slice(0, MAX_LOGGED_MISSES)) log.info('playlist entry skipped', { playlist: l.path, ...m });
    if (l.misses.length > MAX_LOGGED_MISSES) log.info('playlist entries skipped', { playlist: l.path, count: l.misses.length });
  }
  const ids = lists.map((l) => l.id);
  await db.transaction(async (tx) => {
    await tx.query('delete from playlist_tracks where playlist_id = any($1::text[])', [ids]);
    await tx.query(
      `insert into playlist_tracks (playlist_id, position, track_id)
       select * from unnest($1::text[], $2::int[], $3::text[])`,
      [rows.playlist, rows.position, rows.track],
    );
    // Cover: the first song's (its own or its album's); language: the most common among its songs.
    await tx.query(
      `update playlists pl set name = x.name, norm_name = lower(unaccent(x.name)), updated_at = now(),
              cover_id = (select coalesce(t.cover_id, al.cover_id) from playlist_tracks pt join tracks t on t.id = pt.track_id
                            left join albums al on al.id = t.album_id
                           where pt.playlist_id = pl.id and coalesce(t.cover_id, al.cover_id) is not null
                           order by pt.position limit 1),
              language = coalesce((select mode() within group (order by nullif(t.language, ''))
                                     from playlist_tracks pt join tracks t on t.id = pt.track_id
                                    where pt.playlist_id = pl.id), '')
         from unnest($1::text[], $2::text[]) as x(id, name)
        where pl.id = x.id`,
      [ids, lists.map((l) => l.name)],
    );
  });
}
