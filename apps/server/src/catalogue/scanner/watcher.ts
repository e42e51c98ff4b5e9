import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../log.js';
import { AUDIO_EXT, IMAGE_EXT, MAX_LEFT_OUT, PLAYLIST_EXT, walkFolders, type LeftOut, type WalkFolder } from './walk.js';

export interface WatchStatus {
  /** Folders watched: each real folder of the music folder once. */
  folders: number;
  /**
   * False once the folder limit (or the system's limit on watches) left folders unwatched:
   * changes there are seen by the periodic quick scan.
   */
  complete: boolean;
  /** Folders not watched a second time (a link loop, a second way to a folder), the first MAX_LEFT_OUT. */
  leftOut: LeftOut[];
}

export interface MusicWatcher {
  /** Resolves once the initial tree is watched (changes before it may be missed). */
  ready: Promise<void>;
  status(): WatchStatus;
  close(): Promise<void>;
}

export interface WatchOptions {
  /** At most this many folders are watched (default MAX_WATCHED_FOLDERS). */
  maxFolders?: number;
  /** SCAN_INTERVAL_MINUTES, for the log line when folders go unwatched. */
  rescanMinutes?: number;
}

/** About 1.5 KB of memory each, and one inotify watch each on Linux (fs.inotify.max_user_watches). */
export const MAX_WATCHED_FOLDERS = 30_000;

const RELEVANT = (name: string) => AUDIO_EXT.test(name) || PLAYLIST_EXT.test(name) || IMAGE_EXT.test(name);

const parentOf = (rel: string) => rel.slice(0, Math.max(0, rel.lastIndexOf('/')));

interface Watched {
  key: string;
  handle: FSWatcher;
  children: Set<string>;
}

/**
 * Calls `onChange(folder)` (relative, '' = the root) for every change under
 * `root` a scan would see: an audio, playlist or image file in that folder
 * changed, or a folder in it came or went. The caller debounces: a copy of an
 * album is a burst of events.
 *
 * The folders watched are those the scan walks (walkFolders, the same
 * rules): hidden ones left out, links followed while their real path stays
 * inside the music folder, each real folder (device:inode) once, so a link
 * back up the tree is reported, not watched again. One fs.watch per folder
 * (a folder's watch also sees its files change); at most `maxFolders`. A
 * folder whose entries changed is listed again: a folder gone is unwatched
 * with everything under it, a new one is walked.
 */
export function watchMusic(root: string, onChange: (folder: string) => void, log: Logger, opts: WatchOptions = {}): MusicWatcher {
  const maxFolders = opts.maxFolders ?? MAX_WATCHED_FOLDERS;
  const watched = new Map<string, Watched>();
  // Real folders watched (device:inode -> relative path), shared with the walks.
  const visited = new Map<string, string>();
  const leftOut = new Map<string, string>();
  const abort = new AbortController();
  let complete = true;
  let closed = false;
  const absOf = (rel: string) => (rel === '' ? root : join(root, rel));

  const limitReached = (why: string) => {
    if (!complete) return;
    complete = false;
    const minutes = opts.rescanMinutes ?? 0;
    log.warn(
      minutes > 0
        ? `music folder watcher: ${why}; changes in the other folders are seen by the quick scan every ${minutes} minutes`
        : `music folder watcher: ${why}; changes in the other folders are seen only by a rescan (SCAN_INTERVAL_MINUTES is 0)`,
      { watched: watched.size },
    );
  };

  const add = (f: WalkFolder): boolean => {
    if (watched.size >= maxFolders) {
      visited.delete(f.key);
      limitReached(`only the first ${maxFolders} folders are watched`);
      return false;
    }
    let handle: FSWatcher;
    try {
      handle = watch(f.abs, { persistent: false }, (type, name) => onEvent(f.rel, type, name));
    } catch (e) {
      visited.delete(f.key);
      if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') {
        log.warn('music folder watcher: folder not watched', { path: f.rel || '.', error: e as Error });
        return true;
      }
      limitReached(`the system's limit on watches is reached (fs.inotify.max_user_watches) at ${watched.size} folders`);
      return false;
    }
    // Some systems report a watched folder's removal as an error.
    handle.on('error', () => queue(f.rel));
    watched.set(f.rel, { key: f.key, handle, children: new Set() });
    if (f.rel !== '') watched.get(parentOf(f.rel))?.children.add(f.rel);
    return true;
  };

  const unwatchTree = (rel: string) => {
    const w = watched.get(rel);
    if (!w) return;
    for (const child of w.children) unwatchTree(child);
    w.handle.close();
    watched.delete(rel);
    if (visited.get(w.key) === rel) visited.delete(w.key);
    if (rel !== '') watched.get(parentOf(rel))?.children.delete(rel);
    for (const path of leftOut.keys()) if (rel === '' || path.startsWith(`${rel}/`)) leftOut.delete(path);
  };

  const sameFolder = async (rel: string, key: string) => {
    try {
      const s = await stat(absOf(rel));
      return s.isDirectory() && `${s.dev}:${s.ino}` === key;
    } catch {
      return false;
    }
  };

  /** Walks `from` (listed again when watched already) and watches what is new under it. */
  const addTree = async (from: string, announce: boolean) => {
    const repeats: string[] = [];
    const walk = walkFolders(root, {
      from,
      visited,
      signal: abort.signal,
      onRefused: (path, reason, holder) => {
        if (holder === undefined) return; // files and links out: the scan reports them
        repeats.push(holder);
        if (leftOut.size < MAX_LEFT_OUT || leftOut.has(path)) leftOut.set(path, reason);
      },
    });
    for await (const f of walk) {
      if (closed) return;
      if (watched.has(f.rel)) continue;
      if (!add(f)) break;
      if (announce) onChange(parentOf(f.rel));
    }
    // A folder reached again whose first path is gone (moved, its events still on their way) is watched where it is now.
    for (const holder of repeats) {
      const h = watched.get(holder);
      if (!h || (await sameFolder(holder, h.key))) continue;
      unwatchTree(holder);
      queue(from);
    }
  };

  /** A folder whose entries changed: folders gone are unwatched, new ones walked. */
  const resync = async (rel: string) => {
    const w = watched.get(rel);
    if (closed || !w) return;
    if (!(await sameFolder(rel, w.key))) {
      unwatchTree(rel);
      if (rel === '') {
        log.warn('music folder watcher: the music folder is gone; nothing is watched until the server restarts', { path: root });
        return;
      }
      onChange(parentOf(rel));
      queue(parentOf(rel));
      return;
    }
    for (const child of [...w.children]) {
      const c = watched.get(child);
      if (c && !(await sameFolder(child, c.key))) {
        unwatchTree(child);
        onChange(rel);
      }
    }
    await addTree(rel, true);
  };

  // Folder listings run one at a time, in the order their events came.
  const queued = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  const queue = (rel: string) => {
    if (closed || queued.has(rel)) return;
    queued.add(rel);
    chain = chain
      .then(() => {
        queued.delete(rel);
        return resync(rel);
      })
      .catch((e: unknown) => log.warn('music folder watcher: a folder could not be listed', { path: rel || '.', error: e as Error }));
  };

  const onEvent = (rel: string, type: string, name: string | null) => {
    if (closed || !watched.has(rel)) return;
    if (name !== null && name.startsWith('.')) return;
    if (name === null || RELEVANT(name)) onChange(rel);
    // A name came or went (or the folder itself did): list the folder again.
    if (type === 'rename' || name === null) queue(rel);
  };

  chain = addTree('', false).catch((e: unknown) => log.warn('music folder watcher error', { error: e as Error }));
  const ready = chain.then(() => {
    if (closed) return;
    const status = { folders: watched.size, leftOut: leftOut.size };
    if (leftOut.size > 0) log.warn('music folder watcher: folders reached twice are watched once', { ...status, paths: [...leftOut.keys()] });
    else log.debug('music folder watcher ready', status);
  });

  return {
    ready,
    status: () => ({ folders: watched.size, complete, leftOut: [...leftOut].map(([path, reason]) => ({ path, reason })) }),
    async close() {
      closed = true;
      abort.abort();
      for (const w of watched.values()) w.handle.close();
      watched.clear();
      visited.clear();
      await chain;
    },
  };
}
