import type { HomeRows, Song } from '@lyra/contracts/catalogue';
import type { Deps } from '../module.js';
import { librariesJoined } from '../music-libraries.js';
import type { LibraryScopeOf } from './http/context.js';
import type { HomeRowsService } from './home-rows.js';
import { scopedQueryable } from './library-scope.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import { selectAlbumsByIds } from './store/albums.sql.js';
import { selectArtistsByIds } from './store/artists.sql.js';
import { baseUrl } from './urls.js';

/**
 * What a visitor without credentials sees of the catalogue, read in process as typed calls: the web module's
 * first screen of a page (Home's rows, a shared song, whether an album or artist exists). Each answers what
 * the same visitor's /api request would (the libraries open to a visitor; addresses on PUBLIC_URL, else on
 * the page's origin), without building or parsing a request.
 */
export interface VisitorReads {
  /** Home's rows, as GET /api/home/rows answers them. */
  homeRows(origin: string): Promise<HomeRows>;
  /** Songs by id, as GET /api/songs/{ids} answers them (unknown ids left out). */
  songs(ids: readonly string[], origin: string): Promise<Song[]>;
  /** Whether the catalogue has no album or artist of this id (its /api/albums or /api/artists/{id}/albums is a 404). */
  lacks(kind: 'album' | 'artist', id: string): Promise<boolean>;
}

export function createVisitorReads(deps: Deps, home: HomeRowsService, libraryScope?: LibraryScopeOf): VisitorReads {
  const visitorDb = async () => scopedQueryable(deps.db, libraryScope ? await libraryScope(new Headers()) : null, librariesJoined(deps.config.libraries));
  const ctx = async (origin: string): Promise<CatalogueCtx> => ({ db: await visitorDb(), base: baseUrl(deps.config, origin) });
  return {
    homeRows: async (origin) => home.rows(await ctx(origin)),
    songs: async (ids, origin) => songsByIds(await ctx(origin), ids),
    async lacks(kind, id) {
      const db = await visitorDb();
      const found = kind === 'album' ? await selectAlbumsByIds(db, [id]) : await selectArtistsByIds(db, [id]);
      return found.length === 0;
    },
  };
}
