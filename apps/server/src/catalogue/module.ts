import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';
import { createAdminRoutes } from './http/admin.routes.js';
import { createApiRoutes } from './http/api.routes.js';
import { loudnessPass } from './loudness/loudness-pass.js';
import { lyricsPass } from './lyrics/lyrics-pass.js';
import { startPassRunner, type PassRunner } from './passes/pass-runner.js';
import { createMedia } from './media/media-module.js';
import { createScanner } from './scanner/scanner-service.js';

export interface CatalogueModule extends ServerModule {
  /**
   * Called with the ids of the songs each completed scan removed (file deleted or no longer
   * readable), so open apps can drop them; the composition root passes them to realtime.
   */
  onSongsRemoved(listener: (songIds: readonly string[]) => Promise<void>): void;
}

/** The catalogue: scanner over MUSIC_DIR, the saavn-shaped /api, media and images. */
export async function createCatalogue(deps: Deps): Promise<CatalogueModule> {
  await migrate(deps.db, 'catalogue');
  const scanner = createScanner(deps);
  const media = createMedia(deps);
  let passes: PassRunner | null = null;
  const routes = new Hono();
  routes.route('/', createApiRoutes(deps, scanner));
  routes.route('/', createAdminRoutes(scanner));
  routes.route('/', media.routes);
  return {
    name: 'catalogue',
    routes,
    onSongsRemoved(listener) {
      scanner.onScanned(async (_report, { removedSongs }) => {
        if (removedSongs.length > 0) await listener(removedSongs);
      });
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
