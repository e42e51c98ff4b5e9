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
 * An entry as a path relative to the music folder, or why not.
 * `playlistDir` is the playlist's folder relative to the root ('' = root);
 * `root` is the music folder's absolute path.
 */
export function resolveEntry(entry: string, playlistDir: string, root: string): Resolved {
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
  p = p.replace(/\\/g, '/');
  const rootPosix = root.replace(/\\/g, '/').replace(/\/+$/, '');
  let rel: string;
  if (p.startsWith('/') || /^[a-z]:\//i.test(p)) {
    if (!p.startsWith(rootPosix + '/')) return { ok: false, reason: 'outside the music folder' };
    rel = posix.normalize(p.slice(rootPosix.length + 1));
  } else {
    rel = posix.normalize(posix.join(playlistDir, p));
  }
  if (rel === '..' || rel.startsWith('../') || rel === '.' || rel === '') {
    return { ok: false, reason: 'outside the music folder' };
  }
  return { ok: true, rel };
}

/** "Road Trip.m3u8" -> "Road Trip". */
export const playlistNameFromFile = (fileName: string) => fileName.replace(/\.(m3u8?|M3U8?)$/, '').trim() || fileName;
