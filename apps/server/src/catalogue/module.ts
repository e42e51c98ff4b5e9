import { join } from 'node:path';
import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';
import { catalogueAdminRoutes, createAdminRoutes } from './http/admin.routes.js';
import { createApiRoutes } from './http/api.routes.js';
import { loadHomeRows } from './home-rows-config.js';
import { createHomeRows } from './home-rows.js';
import type { AdminSession } from '../http/came-over-network.js';
import type { LibraryScopeOf } from './http/context.js';
import { joinLibraries } from './library-links.js';
import { loudnessPass } from './loudness/loudness-pass.js';
import { lyricsPass } from './lyrics/lyrics-pass.js';
import { artistPicturesPass } from './passes/artist-pictures-pass.js';
import { startPassRunner, type PassRunner } from './passes/pass-runner.js';
import { createMedia, type CatalogueMedia } from './media/media-module.js';
import { removedSongLibraries, type RemovedSong } from './removed-songs.js';
import { createScanner, type ScanMode, type ScanStatus } from './scanner/scanner-service.js';
import { createVisitorReads, type VisitorReads } from './visitor-reads.js';

export interface CatalogueModule extends ServerModule {
  /**
   * Called with the songs each completed scan removed (file deleted or no longer readable) and the
   * library each was in, so open apps that may see it can drop them; the composition root passes them to realtime.
   */
  onSongsRemoved(listener: (songs: readonly RemovedSong[]) => Promise<void>): void;
  /** Whether a scan runs and what the catalogue holds (Subsonic's getScanStatus). */
  scanStatus(): Promise<ScanStatus>;
  /** Starts a scan in the background, or joins the one under way; the status once it runs (Subsonic's startScan). */
  startScan(mode: ScanMode): Promise<ScanStatus>;
  /** Audio tiers and covers as Subsonic's stream and getCoverArt ask for them, in process. */
  media: CatalogueMedia;
  /** Its part of the loopback admin API (`/admin/catalogue/rescan`, `/admin/catalogue/status`), behind the admin token. */
  adminRoutes: Hono;
  /** What a visitor without credentials sees, as typed calls (the web module's first screen of a page). */
  visitor: VisitorReads;
  /** Resolves once the background passes after a scan (pictures, lyrics, loudness) have nothing left to do. */
  passesIdle(): Promise<void>;
}

/** The catalogue: scanner over MUSIC_DIR, the saavn-shaped /api, media and images. */
export async function createCatalogue(
  deps: Deps,
  opts: {
    libraryScope?: LibraryScopeOf;
    /** Whether a request's credentials are an administrator's session (its /api/admin routes over the network). */
    adminSession?: AdminSession;
  } = {},
): Promise<CatalogueModule> {
  await migrate(deps.db, 'catalogue');
  await joinLibraries(deps.config, deps.log);
  const scanner = createScanner(deps);
  const media = createMedia(deps);
  scanner.onScanned((_report, { removedSongs }) => media.forgetSongs(removedSongs));
  let passes: PassRunner | null = null;
  const routes = new Hono();
  const home = createHomeRows(deps.db, loadHomeRows(deps.config), deps.now);
  routes.route('/', createApiRoutes(deps, scanner, { ...(opts.libraryScope ? { libraryScope: opts.libraryScope } : {}), home }));
  routes.route('/', createAdminRoutes(scanner, deps.db, { cacheRoot: join(deps.config.DATA_DIR, 'cache'), tools: media.tools }, opts.adminSession));
  routes.route('/', media.routes);
  return {
    name: 'catalogue',
    routes,
    onSongsRemoved(listener) {
      scanner.onScanned(async (_report, { removedSongs }) => {
        if (removedSongs.length > 0) await listener(await removedSongLibraries(deps.db, deps.config.libraries, removedSongs));
      });
    },
    scanStatus: () => scanner.status(),
    media: media.subsonic,
    adminRoutes: catalogueAdminRoutes(scanner),
    visitor: createVisitorReads(deps, home, opts.libraryScope),
    passesIdle: () => passes?.idle() ?? Promise.resolve(),
    async startScan(mode) {
      // Failures are logged by the scanner.
      scanner.rescan(mode).catch(() => {});
      return scanner.status();
    },
    ...(media.raw ? { raw: media.raw } : {}),
    async start() {
      const { db, config } = deps;
      const log = deps.log.child({ part: 'passes' });
      const musicDir = config.MUSIC_DIR;
      const runner = (passes = startPassRunner(
        [
          // First: quick, and what the first visit to Library's Artists shows.
          artistPicturesPass({ db, log, images: media.artistPictures }),
          lyricsPass({ db, log, musicDir }),
          ...(config.LOUDNESS_SCAN === 'on' ? [loudnessPass({ db, log, musicDir, ffmpeg: media.tools.ffmpeg })] : []),
        ],
        log,
      ));
      // After every completed scan, changed or not: a sidecar .lrc added beside an unchanged song changes only its
      // folder, which the lyrics pass reads (lyrics.sql.ts).
      scanner.onCompleted(() => runner.kick());
      await scanner.start();
    },
    async stop() {
      await passes?.stop();
      await scanner.stop();
      await media.stop();
    },
  };
}

// What other server modules may use of the catalogue (they import only this file).
// Several libraries with per-user access: reads as one listener sees them, and the media requests they may make.
export { scopedDb, scopedQueryable } from './library-scope.js';
export type { RemovedSong } from './removed-songs.js';
export { createLibraryGate, type LibraryGate } from './http/library-gate.js';
// The library's tables as the Subsonic API reads them (lyrics, album and artist tracks, search).
export { selectLyrics, selectSongWithLyrics } from './lyrics/lyrics.sql.js';
export { selectAlbumTrackArtists, selectAlbumTrackIds } from './store/albums.sql.js';
export { selectArtistTrackIds } from './store/artists.sql.js';
export { searchNamedIds } from './store/search.sql.js';
// Subsonic's artists index and an artist's albums, and its "info" and "similar" reads.
export { selectArtistAlbumIds, selectArtists, type ArtistRow, type ArtistScope } from './store/artist-index.sql.js';
export {
  selectAlbumIdOf,
  selectArtistIdByName,
  selectArtistsOfId,
  selectRandomSongsOf,
  selectSimilarArtistIds,
  selectSongIdsByGenre,
} from './store/discovery.sql.js';
export { prepareQuery, rankTracks } from './search.js';
// Home's curated playlists rebuilt now instead of after a scan (the web app's first screen shows them).
export { regenerateCuratedPlaylists } from './curated-playlists.js';
// The addresses of songs and covers, and the tier a song can be heard in.
export { baseUrl, ceilingTier, imagePath, mediaPath } from './urls.js';
// Serving the library's bytes from other paths (Subsonic's stream, download and getCoverArt; video sources).
export { coverOrGenerated, titleHash } from './media/generated-cover.js';
export { artistPictureId } from './media/generated-artist-picture.js';
export { ID_PATTERN, readTimeOffset, sourceInside } from './media/media-paths.js';
// Subsonic's own asks of the media module (CatalogueModule.media): MP3 tiers, any cover size, timeOffset on a cached tier.
export { MAX_COVER_PX, type AudioFormat } from './media/media-paths.js';
export type { CatalogueMedia, MediaAsk } from './media/media-module.js';
export type { NamedCover } from './media/image-store.js';
export { createOpenFileCache, type OpenFileCache } from './media/open-file-cache.js';
export { servedFile } from './media/file-reply.js';
export { accelFor, toResponse } from './media/reply.js';
// ffmpeg and ffprobe as the catalogue finds them, and the scanner itself (video rendering, set-up's previews).
export { locateTools } from './media/ffmpeg-locate.js';
export { createScanner } from './scanner/scanner-service.js';
// When the last complete scan ended (Subsonic's getIndexes lastModified).
// Whether a song is in the library (Subsonic's createBookmark).
export { trackExists } from './store/suggestions.sql.js';
// Which ids name a song, album or artist (Subsonic's star, setRating and savePlayQueue).
export { catalogueIdPage, catalogueIds, type CatalogueKind } from './store/existing-ids.sql.js';
// Whether a song is in this database's catalogue, if it has one (the backend's video requests name one).
export { songInCatalogue, songLengthMs } from './store/suggestions.sql.js';
export { lastScanAt } from './scanner/scan-state.js';
// A song's file, cover and codec, and the library's shortest songs (video previews render them).
export { selectShortestSongs, selectSong, type SongRow } from './store/song-sources.sql.js';
// Album lists: albums by id, the pages of the lists the catalogue orders, and of albums another module chose (Subsonic).
// The whole of album-lists.sql.ts is written for other modules, so all of it is public.
export * from './store/album-lists.sql.js';
// Songs with their file facts, genres with counts, random songs and what a cover id names (Subsonic's songs).
export { selectCoverOf, selectGenreCounts, selectRandomSongIds, selectSongDetails, type SongDetails } from './store/song-details.sql.js';
