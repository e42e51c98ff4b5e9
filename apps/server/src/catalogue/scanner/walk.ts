import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { insideAny, joinedFolder, realRootsOf } from '../library-links.js';

/**
 * Walks MUSIC_DIR one folder at a time (fs.readdir, a stack of pending
 * folders): memory holds one folder's names, never the whole library.
 * Hidden entries (".git", "._song.mp3" AppleDouble files) are skipped;
 * symbolic links are followed while they stay inside the music folder (by
 * real path: a link out of it is refused, so nothing outside is served),
 * each real folder visited once (a link back up the tree is reported as a
 * loop). A name that is not valid UTF-8 cannot be stored or opened by its
 * decoded text: it is reported, not catalogued. A FIFO, socket or device is
 * reported and never opened (opening a FIFO waits for a writer), as is a
 * folder named like a song (its own files are walked).
 */
export const AUDIO_EXT = /\.(mp3|m4a|mp4|flac|ogg|oga|opus|wav)$/i;
export const PLAYLIST_EXT = /\.(m3u|m3u8)$/i;
export const IMAGE_EXT = /\.(jpe?g|png|webp|gif|avif)$/i;

export interface WalkFolder {
  /** Relative to the root with '/' separators; '' is the root. */
  rel: string;
  abs: string;
  /** The real folder, as device:inode. */
  key: string;
  audio: string[];
  playlists: string[];
  images: string[];
  /** The folder's own mtime and number of entries (hidden ones included) when it was listed. */
  mtimeMs: number;
  entries: number;
}

/** An entry of the music folder left out, or not what it looks like, and why. */
export interface LeftOut {
  /** Relative to the music folder. */
  path: string;
  reason: string;
}

/** Entries a report lists (each is also logged). */
export const MAX_LEFT_OUT = 100;

export interface WalkOptions {
  /** A folder that could not be listed (its files are kept, not swept). */
  onUnreadable?: (rel: string, error: Error) => void;
  /**
   * An entry left out, and why (a link out of the music folder or back into it, a name that is not
   * UTF-8, a FIFO, a folder named like a song); `holder` is where a folder reached twice was walked.
   */
  onRefused?: (rel: string, reason: string, holder?: string) => void;
  signal?: AbortSignal;
  /** Where to start (relative, '' = the root): a folder already walked, listed again for what is new in it. */
  from?: string;
  /**
   * The real folders walked (device:inode -> relative path), shared between walks (the watcher's): a
   * folder already in it is not walked again (the `from` folder is listed, its known subfolders are not).
   */
  visited?: Map<string, string>;
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
  // Several libraries (MUSIC_DIRS): the root holds a link per library, whose folders are inside too (library-links.ts).
  const realRoots = await realRootsOf(root);
  const libraries = (await joinedFolder(root))?.ids;
  const inside = (real: string) => insideAny(realRoots, real);
  const from = opts.from ?? '';
  // Real folders seen (device:inode), so a folder linked twice, or a link back up the tree, is walked once.
  const visited = opts.visited ?? new Map<string, string>();
  const pending: string[] = [from];
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
    const folder: WalkFolder = { rel, abs, key: '', audio: [], playlists: [], images: [], mtimeMs: 0, entries: 0 };
    const subfolders: string[] = [];
    try {
      const { key, mtimeMs, entries } = await listed;
      const holder = visited.get(key);
      if (holder !== undefined && !(rel === from && holder === rel)) {
        if (holder !== rel) opts.onRefused?.(rel, repeatReason(rel, holder), holder);
        continue;
      }
      visited.set(key, rel);
      folder.key = key;
      folder.mtimeMs = mtimeMs;
      folder.entries = entries.length;
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        if (rel === '' && libraries?.has(entry.name)) {
          // A library: walked even when its folder is missing, so it is reported unreadable and its songs kept.
          subfolders.push(entry.name);
          continue;
        }
        if (entry.name.includes('\uFFFD')) {
          opts.onRefused?.(relJoin(rel, entry.name), 'the name is not valid UTF-8: rename it to add it to the library');
          continue;
        }
        const kind = await kindOf(entry, join(abs, entry.name), inside);
        const refused = refusal(kind, entry.name);
        if (refused) opts.onRefused?.(relJoin(rel, entry.name), refused);
        if (kind === 'outside') continue;
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

type Kind = 'folder' | 'file' | 'outside' | 'dangling' | 'special';

async function kindOf(entry: Dirent, abs: string, inside: (real: string) => boolean): Promise<Kind> {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'folder';
  if (!entry.isSymbolicLink()) return 'special';
  try {
    if (!inside(await realpath(abs))) return 'outside';
    const s = await stat(abs);
    return s.isFile() ? 'file' : s.isDirectory() ? 'folder' : 'special';
  } catch {
    return 'dangling';
  }
}

const SONG_OR_PLAYLIST = (name: string) => AUDIO_EXT.test(name) || PLAYLIST_EXT.test(name);

/** Why an entry is not what it looks like, or left out; null when it is walked as it is. */
function refusal(kind: Kind, name: string): string | null {
  switch (kind) {
    case 'outside':
      return 'a link out of the music folder';
    case 'special':
      return 'not a file (a FIFO, socket or device): never opened';
    case 'dangling':
      return SONG_OR_PLAYLIST(name) ? 'a link to nothing' : null;
    case 'folder':
      return AUDIO_EXT.test(name) ? 'a folder named like a song: not a song, the files in it are scanned' : null;
    default:
      return null;
  }
}

/** A folder reached a second time: a link back up the tree (a loop) or a second way to a folder. */
function repeatReason(rel: string, holder: string): string {
  if (holder === '' || rel.startsWith(`${holder}/`)) {
    return `a link loop: it leads back to ${holder === '' ? 'the music folder' : holder}, not followed`;
  }
  return `the same folder as ${holder}, walked there once`;
}
