import { posix } from 'node:path';

/**
 * .m3u / .m3u8 playlists: one entry per line, '#' lines are directives or
 * comments (#EXTM3U, #EXTINF, #PLAYLIST names the list). Entries are paths
 * relative to the playlist's folder or absolute; Windows separators and
 * file:// URLs occur in the wild.
 */
export interface M3u {
  name: string | null;
  entries: string[];
}

export function parseM3u(text: string): M3u {
  let name: string | null = null;
  const entries: string[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /^#PLAYLIST:\s*(.*)$/i.exec(line);
      if (m && m[1]!.trim()) name = m[1]!.trim();
      continue;
    }
    entries.push(line);
  }
  return { name, entries };
}

export type Resolved = { ok: true; rel: string } | { ok: false; reason: string };

/**
 * A music folder an entry may name. `prefix` starts the paths of its songs in the catalogue: '' for the
 * only library, its id when several are joined (MUSIC_DIRS). `roots`: its folder, absolute, in each
 * spelling a playlist may use (as configured, as the disk resolves it); the first is where relative
 * entries start.
 */
export interface EntryLibrary {
  prefix: string;
  roots: readonly string[];
}

const OUTSIDE: Resolved = { ok: false, reason: 'outside the music folder' };
const toPosix = (p: string) => p.replace(/\\/g, '/');
const isAbsolutePath = (p: string) => p.startsWith('/') || /^[a-z]:\//i.test(p);

/** An absolute path (posix separators) as a song's path in the catalogue: in whichever library holds it. */
function inLibraries(abs: string, libraries: readonly EntryLibrary[]): Resolved {
  const path = posix.normalize(abs);
  for (const library of libraries) {
    for (const root of library.roots) {
      const r = toPosix(root).replace(/\/+$/, '');
      if (r === '' || !path.startsWith(r + '/')) continue;
      const rest = path.slice(r.length + 1);
      if (rest === '' || rest === '.' || rest === '..' || rest.startsWith('../')) return OUTSIDE;
      return { ok: true, rel: library.prefix === '' ? rest : `${library.prefix}/${rest}` };
    }
  }
  return OUTSIDE;
}

/**
 * An entry as a song's path in the catalogue, or why not. An absolute path (or file URL) is looked up in
 * every library; a relative one starts at the playlist's own folder on disk, and may lead into another
 * library. `playlistDir` is the playlist's folder as the catalogue names it ('' = the top; with several
 * libraries it starts with its library's id). Paths outside every library are refused.
 */
export function resolveEntry(entry: string, playlistDir: string, libraries: readonly EntryLibrary[]): Resolved {
  let p = entry;
  if (/^file:\/\//i.test(p)) {
    try {
      p = decodeURIComponent(new URL(p).pathname);
    } catch {
      return { ok: false, reason: 'not a valid file URL' };
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(p)) {
    return { ok: false, reason: 'not a local file' };
  }
  p = toPosix(p);
  if (isAbsolutePath(p)) return inLibraries(p, libraries);
  const own = libraries.find((l) => l.prefix === '' || playlistDir === l.prefix || playlistDir.startsWith(l.prefix + '/'));
  if (!own || own.roots.length === 0) return OUTSIDE;
  const within = own.prefix === '' ? playlistDir : playlistDir.slice(own.prefix.length + 1);
  return inLibraries(posix.join(toPosix(own.roots[0]!), within, p), libraries);
}

/** "Road Trip.m3u8" -> "Road Trip". */
export const playlistNameFromFile = (fileName: string) => fileName.replace(/\.(m3u8?|M3U8?)$/, '').trim() || fileName;
