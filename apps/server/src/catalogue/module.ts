import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';
import { createAdminRoutes } from './http/admin.routes.js';
import { createApiRoutes } from './http/api.routes.js';
import { createLoudnessJob, type LoudnessJob } from './loudness/loudness-job.js';
import { createMedia } from './media/media-module.js';
import { createScanner } from './scanner/scanner-service.js';

/** The catalogue: scanner over MUSIC_DIR, the saavn-shaped /api, media and images. */
export async function createCatalogue(deps: Deps): Promise<ServerModule> {
  await migrate(deps.db, 'catalogue');
  const scanner = createScanner(deps);
  const media = createMedia(deps);
  let loudness: LoudnessJob | null = null;
  const routes = new Hono();
  routes.route('/', createApiRoutes(deps, scanner));
  routes.route('/', createAdminRoutes(scanner));
  routes.route('/', media.routes);
  return {
    name: 'catalogue',
    routes,
    ...(media.raw ? { raw: media.raw } : {}),
    async start() {
      if (deps.config.LOUDNESS_SCAN === 'on') {
        const job = (loudness = createLoudnessJob({ db: deps.db, log: deps.log.child({ part: 'loudness' }), musicDir: deps.config.MUSIC_DIR, ffmpeg: media.tools.ffmpeg }));
        scanner.onScanned(() => job.kick());
      }
      await scanner.start();
    },
    async stop() {
      await loudness?.stop();
      await scanner.stop();
      await media.stop();
    },
  };
}
