import { relative, sep } from 'node:path';
import { watch } from 'chokidar';
import type { Logger } from '../../log.js';
import { AUDIO_EXT, IMAGE_EXT, PLAYLIST_EXT } from './walk.js';

export interface MusicWatcher {
  /** Resolves once the initial tree is watched (changes before it may be missed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

const RELEVANT = (p: string) => AUDIO_EXT.test(p) || PLAYLIST_EXT.test(p) || IMAGE_EXT.test(p);

/**
 * Calls `onChange` for every change under `root` that a scan would see:
 * audio, playlist and image files, and folders (a moved folder moves its files),
 * with the path that changed (a quick scan then stats that path's folder).
 * The caller debounces: a copy of an album is a burst of events.
 */
export function watchMusic(root: string, onChange: (absPath: string) => void, log: Logger): MusicWatcher {
  const hidden = (p: string) => {
    const rel = relative(root, p);
    return rel !== '' && rel.split(sep).some((part) => part.startsWith('.'));
  };
  const watcher = watch(root, { ignoreInitial: true, ignored: hidden, persistent: true });
  watcher.on('all', (event, path) => {
    if (event === 'addDir' || event === 'unlinkDir' || RELEVANT(path)) onChange(path);
  });
  watcher.on('error', (e) => log.warn('music folder watcher error', { error: e as Error }));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return { ready, close: () => watcher.close() };
}
