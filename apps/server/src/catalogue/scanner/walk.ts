import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

/**
 * Walks MUSIC_DIR one folder at a time (fs.readdir, a stack of pending
 * folders): memory holds one folder's names, never the whole library.
 * Hidden entries (".git", "._song.mp3" AppleDouble files) are skipped;
 * symbolic links are followed while they stay inside the music folder (by
 * real path: a link out of it is refused, so nothing outside is served),
 * each real folder visited once. A name that is not valid UTF-8 cannot be
 * stored or opened by its decoded text: it is reported, not catalogued.
 */
export const AUDIO_EXT = /\.(mp3|m4a|mp4|flac|ogg|oga|opus|wav)$/i;
export const PLAYLIST_EXT = /\.(m3u|m3u8)$/i;
export const IMAGE_EXT = /\.(jpe?g|png|webp|gif|avif)$/i;

export interface WalkFolder {
  /** Relative to the root with '/' separators; '' is the root. */
  rel: string;
  abs: string;
  audio: string[];
  playlists: string[];
  images: string[];
  /** The folder's own mtime and number of entries (hidden ones included) when it was listed. */
  mtimeMs: number;
  entries: number;
}

export interface WalkOptions {
  /** A folder that could not be listed (its files are kept, not swept). */
  onUnreadable?: (rel: string, error: Error) => void;
  /** An entry left out, and why (a link out of the music folder, a name that is not UTF-8). */
  onRefused?: (rel: string, reason: string) => void;
  signal?: AbortSignal;
}

const relJoin = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

/** Folders listed ahead of the one being yielded: their stat and readdir wait on the disk together. */
const LOOKAHEAD = 8;

interface Listing {
  key: string;
  mtimeMs: number;
  entries: Dirent[];
}

export async function* walkFolders(root: string, opts: WalkOptions = {}): AsyncGenerator<WalkFolder> {
  const rootStat = await stat(root); // throws when MUSIC_DIR is missing: the caller must not sweep
  if (!rootStat.isDirectory()) throw new Error(`${root} is not a folder`);
  const realRoot = await realpath(root);
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
  // Real folders seen (device:inode), so a folder linked twice, or a link back up the tree, is walked once.
  const visited = new Set<string>();
  const pending: string[] = [''];
  // Listings started for the folders on top of the stack; the walk's order stays the stack's.
  const listings = new Map<string, Promise<Listing>>();
  const list = (rel: string): Promise<Listing> => {
    const abs = rel === '' ? root : join(root, rel);
    const listing = (async () => {
      const s = await stat(abs);
      return { key: `${s.dev}:${s.ino}`, mtimeMs: Math.trunc(s.mtimeMs), entries: await readdir(abs, { withFileTypes: true }) };
    })();
    listing.catch(() => {}); // read (and reported) when the folder's turn comes
    return listing;
  };
  while (pending.length > 0) {
    if (opts.signal?.aborted) return;
    for (let i = pending.length - 1; i >= Math.max(0, pending.length - LOOKAHEAD); i--) {
      const next = pending[i]!;
      if (!listings.has(next)) listings.set(next, list(next));
    }
    const rel = pending.pop()!;
    const listed = listings.get(rel)!;
    listings.delete(rel);
    const abs = rel === '' ? root : join(root, rel);
    const folder: WalkFolder = { rel, abs, audio: [], playlists: [], images: [], mtimeMs: 0, entries: 0 };
    const subfolders: string[] = [];
    try {
      const { key, mtimeMs, entries } = await listed;
      if (visited.has(key)) continue;
      visited.add(key);
      folder.mtimeMs = mtimeMs;
      folder.entries = entries.length;
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        if (entry.name.includes('\uFFFD')) {
          opts.onRefused?.(relJoin(rel, entry.name), 'the name is not valid UTF-8: rename it to add it to the library');
          continue;
        }
        const kind = await kindOf(entry, join(abs, entry.name), inside);
        if (kind === 'outside') {
          opts.onRefused?.(relJoin(rel, entry.name), 'a link out of the music folder');
          continue;
        }
        if (kind === 'folder') subfolders.push(relJoin(rel, entry.name));
        else if (kind === 'file') {
          if (AUDIO_EXT.test(entry.name)) folder.audio.push(entry.name);
          else if (PLAYLIST_EXT.test(entry.name)) folder.playlists.push(entry.name);
          else if (IMAGE_EXT.test(entry.name)) folder.images.push(entry.name);
        }
      }
    } catch (e) {
      opts.onUnreadable?.(rel, e as Error);
      continue;
    }
    // Sorted, so scans and their logs run in the same order every time.
    folder.audio.sort();
    folder.playlists.sort();
    folder.images.sort();
    pending.push(...subfolders.sort().reverse());
    yield folder;
  }
}

async function kindOf(entry: Dirent, abs: string, inside: (real: string) => boolean): Promise<'folder' | 'file' | 'outside' | null> {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'folder';
  if (!entry.isSymbolicLink()) return null;
  try {
    if (!inside(await realpath(abs))) return 'outside';
    const s = await stat(abs);
    return s.isFile() ? 'file' : s.isDirectory() ? 'folder' : null;
  } catch {
    return null; // a dangling link
  }
}
