import { join } from 'node:path';
import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';
import { createAdminRoutes } from './http/admin.routes.js';
import { createApiRoutes } from './http/api.routes.js';
import { loudnessPass } from './loudness/loudness-pass.js';
import { lyricsPass } from './lyrics/lyrics-pass.js';
import { startPassRunner, type PassRunner } from './passes/pass-runner.js';
import { createMedia } from './media/media-module.js';
import { createScanner, type ScanMode, type ScanStatus } from './scanner/scanner-service.js';

export interface CatalogueModule extends ServerModule {
  /**
   * Called with the ids of the songs each completed scan removed (file deleted or no longer
   * readable), so open apps can drop them; the composition root passes them to realtime.
   */
  onSongsRemoved(listener: (songIds: readonly string[]) => Promise<void>): void;
  /** Whether a scan runs and what the catalogue holds (Subsonic's getScanStatus). */
  scanStatus(): Promise<ScanStatus>;
  /** Starts a scan in the background, or joins the one under way; the status once it runs (Subsonic's startScan). */
  startScan(mode: ScanMode): Promise<ScanStatus>;
}

/** The catalogue: scanner over MUSIC_DIR, the saavn-shaped /api, media and images. */
export async function createCatalogue(deps: Deps): Promise<CatalogueModule> {
  await migrate(deps.db, 'catalogue');
  const scanner = createScanner(deps);
  const media = createMedia(deps);
  scanner.onScanned((_report, { removedSongs }) => media.forgetSongs(removedSongs));
  let passes: PassRunner | null = null;
  const routes = new Hono();
  routes.route('/', createApiRoutes(deps, scanner));
  routes.route('/', createAdminRoutes(scanner, deps.db, { cacheRoot: join(deps.config.DATA_DIR, 'cache'), tools: media.tools }));
  routes.route('/', media.routes);
  return {
    name: 'catalogue',
    routes,
    onSongsRemoved(listener) {
      scanner.onScanned(async (_report, { removedSongs }) => {
        if (removedSongs.length > 0) await listener(removedSongs);
      });
    },
    scanStatus: () => scanner.status(),
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
          lyricsPass({ db, log, musicDir }),
          ...(config.LOUDNESS_SCAN === 'on' ? [loudnessPass({ db, log, musicDir, ffmpeg: media.tools.ffmpeg })] : []),
        ],
        log,
      ));
      scanner.onScanned(() => runner.kick());
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
// The library's tables as the Subsonic API reads them (lyrics, album and artist tracks, search).
export { selectLyrics, selectSongWithLyrics } from './lyrics/lyrics.sql.js';
export { selectAlbumTrackArtists, selectAlbumTrackIds } from './store/albums.sql.js';
export { selectArtistTrackIds } from './store/artists.sql.js';
export { searchNamedIds } from './store/search.sql.js';
export { prepareQuery, rankTracks } from './search.js';
// Home's curated playlists rebuilt now instead of after a scan (the web app's first screen shows them).
export { regenerateCuratedPlaylists } from './curated-playlists.js';
// The addresses of songs and covers, and the tier a song can be heard in.
export { baseUrl, ceilingTier, imagePath, mediaPath } from './urls.js';
// Serving the library's bytes from other paths (Subsonic's stream, download and getCoverArt; video sources).
export { coverOrGenerated } from './media/generated-cover.js';
export { ID_PATTERN, readTimeOffset, sourceInside } from './media/media-paths.js';
// Subsonic's own asks of /media and /images, in process: MP3 tiers, any cover size, timeOffset on a cached tier.
export { MAX_COVER_PX, SUBSONIC_ASK, tierPath, type AudioFormat } from './media/media-paths.js';
export { createOpenFileCache, type OpenFileCache } from './media/open-file-cache.js';
export { servedFile } from './media/file-reply.js';
export { accelFor, toResponse } from './media/reply.js';
// ffmpeg and ffprobe as the catalogue finds them, and the scanner itself (video rendering, set-up's previews).
export { locateTools } from './media/ffmpeg-locate.js';
export { createScanner } from './scanner/scanner-service.js';
// When the last complete scan ended (Subsonic's getIndexes lastModified).
// Whether a song is in the library (Subsonic's createBookmark).
export { trackExists } from './store/suggestions.sql.js';
export { lastScanAt } from './scanner/scan-state.js';
// A song's file, cover and codec, and the library's shortest songs (video previews render them).
export { selectShortestSongs, selectSong, type SongRow } from './store/song-sources.sql.js';
