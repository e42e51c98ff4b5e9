import { scopedDb } from '../catalogue/module.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { inScope, librariesJoined, type LibraryScope } from '../music-libraries.js';
import type { AlbumShelf } from './album-shelf.js';
import type { Caller } from './authenticate.js';
import { invalid, notFound } from './errors.js';
import type { Params } from './params.js';

/** A library as Subsonic apps see it: a music folder, numbered 1, 2, ... in MUSIC_DIRS's order. */
export type MusicFolder = { id: number; name: string };

/** What one call reads: the libraries its caller may see, narrowed to `musicFolderId` when the app names one. */
export interface CallLibraries {
  db: Db;
  albums: AlbumShelf;
  musicFolders: MusicFolder[];
}

/** The shelf holds every library's albums: a call that sees fewer is answered by the lists' own queries. */
const NO_SHELF: AlbumShelf = { current: async () => null, changed: () => {}, settled: async () => {} };

/**
 * Several libraries with per-user access (MUSIC_DIRS): the caller's libraries are its music folders
 * (getMusicFolders), and every catalogue read of the call sees those only (catalogue's scopedDb), or the
 * one `musicFolderId` names, for whichever method takes it (getAlbumList, getRandomSongs, getIndexes,
 * getArtists, search, getSongsByGenre, ...). A folder the caller may not see is not found, as an unknown one.
 */
export async function callLibraries(
  deps: { db: Db; config: Pick<Config, 'libraries'> },
  scopeOf: ((userId: string) => Promise<LibraryScope>) | undefined,
  caller: Caller,
  params: Params,
  albums: AlbumShelf,
): Promise<CallLibraries> {
  const libraries = deps.config.libraries;
  let scope = caller.userId && scopeOf ? await scopeOf(caller.userId) : null;
  const folders = libraries.map((l, i) => ({ id: i + 1, name: l.name, libraryId: l.id })).filter((f) => inScope(scope, f.libraryId));
  const asked = params.get('musicFolderId');
  if (asked !== null && asked !== '') {
    if (!/^\d{1,9}$/.test(asked)) throw invalid('musicFolderId', 'expected a music folder id from getMusicFolders');
    const folder = folders.find((f) => f.id === Number(asked));
    if (!folder) throw notFound('Music folder');
    scope = libraries.length === 1 ? null : [folder.libraryId];
  }
  return {
    db: scopedDb(deps.db, scope, librariesJoined(libraries)),
    albums: scope === null ? albums : NO_SHELF,
    musicFolders: folders.map(({ id, name }) => ({ id, name })),
  };
}
