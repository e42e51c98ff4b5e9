import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The music libraries a server serves (MUSIC_DIRS, or MUSIC_DIR as one library).
 *
 * `MUSIC_DIRS="Music=/srv/music;Audiobooks=/srv/books"`: libraries separated by `;`, each a name, `=`, and a
 * folder. A library's id is its name in lower case with anything but letters and digits turned into `-`
 * ("Kids Music" is `kids-music`): it names the library in grants and in the catalogue (tracks.library_id),
 * so renaming a library makes it a new one. Subsonic numbers them 1, 2, ... in this order (musicFolderId).
 *
 * With several libraries the scanner sees one tree: DATA_DIR/libraries holds a link per library, named by
 * its id (catalogue/scanner/library-links.ts), so a song's path starts with its library's id. With one
 * library nothing changes: paths are relative to its folder, as they always were.
 */
export interface MusicLibrary {
  id: string;
  name: string;
  /** The library's folder, absolute. */
  root: string;
}

/** The one library of a server configured with MUSIC_DIR. */
export const DEFAULT_LIBRARY = { id: 'music', name: 'Music' } as const;

export const MAX_LIBRARY_NAME = 64;

/** A library's id from its name: letters and digits in lower case, anything else one `-`. */
export function libraryId(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const inside = (outer: string, inner: string) => {
  const r = relative(outer, inner);
  return r === '' || (!r.startsWith('..' + sep) && r !== '..' && !isAbsolute(r));
};

/** MUSIC_DIRS's libraries; throws an Error whose message says what is wrong (config.ts names the variable). */
export function parseMusicDirs(value: string): MusicLibrary[] {
  const entries = value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('must list at least one library, e.g. Music=/srv/music;Audiobooks=/srv/books');
  const libraries: MusicLibrary[] = [];
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq < 0) throw new Error(`${JSON.stringify(entry)} must be a name, =, and a folder, e.g. Music=/srv/music`);
    const name = entry.slice(0, eq).trim();
    const folder = entry.slice(eq + 1).trim();
    if (!name) throw new Error(`${JSON.stringify(entry)} has no name before =`);
    if (name.length > MAX_LIBRARY_NAME) throw new Error(`the name ${JSON.stringify(name)} is longer than ${MAX_LIBRARY_NAME} characters`);
    if (!folder) throw new Error(`the library ${JSON.stringify(name)} has no folder after =`);
    const id = libraryId(name);
    if (!id) throw new Error(`the name ${JSON.stringify(name)} needs a letter or a digit`);
    const root = resolve(folder);
    for (const other of libraries) {
      if (other.id === id) throw new Error(`the names ${JSON.stringify(other.name)} and ${JSON.stringify(name)} are the same library (${id})`);
      if (inside(other.root, root) || inside(root, other.root)) {
        throw new Error(`the folders of ${JSON.stringify(other.name)} and ${JSON.stringify(name)} overlap: a song would be in both`);
      }
    }
    libraries.push({ id, name, root });
  }
  return libraries;
}

/** Whether songs' paths start with their library's id (several libraries joined under one folder). */
export const librariesJoined = (libraries: readonly MusicLibrary[]) => libraries.length > 1;

/** The library a song's path (relative to MUSIC_DIR) is in. */
export function libraryOfPath(libraries: readonly MusicLibrary[], path: string): MusicLibrary | undefined {
  if (!librariesJoined(libraries)) return libraries[0];
  const first = path.split('/', 1)[0];
  return libraries.find((l) => l.id === first);
}

/**
 * The libraries one listener may see: null for every library (the default, and always an administrator's),
 * else their ids (possibly none). The backend decides it (backend/accounts/library-access.ts); the catalogue
 * and Subsonic filter by it (tracks.library_id).
 */
export type LibraryScope = readonly string[] | null;

/** Who asks: an account (and whether it administers the server), or an anonymous visitor (userId null). */
export interface LibraryListener {
  userId: string | null;
  admin: boolean;
}

/**
 * The scope of a listener given the restricted libraries (id -> accounts granted): a library not restricted is
 * everyone's; an administrator sees every library.
 */
export function scopeOf(libraries: readonly MusicLibrary[], restricted: ReadonlyMap<string, ReadonlySet<string>>, who: LibraryListener): LibraryScope {
  if (who.admin) return null;
  const allowed = libraries.filter((l) => {
    const granted = restricted.get(l.id);
    return !granted || (who.userId !== null && granted.has(who.userId));
  });
  return allowed.length === libraries.length ? null : allowed.map((l) => l.id);
}

/** Whether a scope lets a listener see this library. */
export const inScope = (scope: LibraryScope, libraryId: string) => scope === null || scope.includes(libraryId);
