import { lstat, mkdir, readFile, readdir, readlink, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { librariesJoined } from '../music-libraries.js';

/**
 * Several libraries (MUSIC_DIRS) as one music folder: DATA_DIR/libraries holds a link per library, named by
 * its id, to its folder, and a hidden list of those ids (MARK). The scanner walks that folder, so a song's
 * path starts with its library's id (tracks.library_id), and everything that opens a song by its path
 * (media, lyrics, loudness, video previews, nginx's X-Accel-Redirect) goes through the links.
 *
 * A link out of the music folder is refused everywhere (scanner/walk.ts, media-paths.ts `sourceInside`);
 * the links listed in MARK are the exception: their folders are the libraries themselves.
 */
export const MARK = '.lyra-libraries.json';

const known = new Map<string, Promise<JoinedFolder | null>>();

export interface JoinedFolder {
  /** The libraries' ids, the links' names. */
  ids: ReadonlySet<string>;
  /** The real folders a song may be in: the joined folder's and each library's. */
  realRoots: string[];
}

/** Makes (or updates) DATA_DIR/libraries when several libraries are configured; nothing with one. */
export async function joinLibraries(config: Pick<Config, 'MUSIC_DIR' | 'libraries'>, log: Logger): Promise<void> {
  if (!librariesJoined(config.libraries)) return;
  const dir = config.MUSIC_DIR;
  await mkdir(dir, { recursive: true });
  const wanted = new Map(config.libraries.map((l) => [l.id, l.root]));
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === MARK) continue;
    const path = join(dir, entry.name);
    const target = entry.isSymbolicLink() ? await readlink(path) : null;
    if (target !== null && wanted.get(entry.name) === target) {
      wanted.delete(entry.name);
      continue;
    }
    // A library removed or moved in MUSIC_DIRS; anything else here is not ours to keep (only links are made here).
    if (target !== null) await rm(path);
    else log.warn('library folder: left alone, not a link', { path });
  }
  for (const [id, root] of wanted) await symlink(root, join(dir, id), 'dir');
  for (const library of config.libraries) {
    await lstat(library.root).catch(() => log.warn('library folder missing: its songs are kept until it is back', { library: library.name, folder: library.root }));
  }
  await writeFile(join(dir, MARK), JSON.stringify(config.libraries.map((l) => l.id)) + '\n');
  known.delete(dir);
}

/** The joined folder's libraries and real folders, or null when `root` is a plain music folder. */
export function joinedFolder(root: string): Promise<JoinedFolder | null> {
  let found = known.get(root);
  if (!found) {
    found = (async () => {
      let ids: string[];
      try {
        ids = JSON.parse(await readFile(join(root, MARK), 'utf8')) as string[];
      } catch {
        return null;
      }
      const realRoots = [await realpath(root)];
      for (const id of ids) {
        const real = await realpath(join(root, id)).catch(() => null);
        if (real) realRoots.push(real);
      }
      return { ids: new Set(ids), realRoots };
    })();
    // A missing library folder may come back: only a complete answer is kept.
    void found.then((f) => f && f.realRoots.length === f.ids.size + 1 && known.set(root, found!)).catch(() => {});
  }
  return found;
}

const within = (outer: string, inner: string) => {
  const r = relative(outer, inner);
  return r === '' || (r !== '..' && !r.startsWith('..' + sep) && !isAbsolute(r));
};

/** The real folders a song under `root` may be in: the root's, and with several libraries each library's. */
export async function realRootsOf(root: string): Promise<string[]> {
  return (await joinedFolder(root))?.realRoots ?? [await realpath(root)];
}

/** Whether a real path is inside one of these real folders. */
export const insideAny = (realRoots: readonly string[], real: string) => realRoots.some((r) => within(r, real));
