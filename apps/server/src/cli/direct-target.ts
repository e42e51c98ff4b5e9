import { createApp } from '../app.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { openDatabase } from '../db/open.js';
import type { Logger } from '../log.js';
import { previewsTarget, type AdminTarget } from '../video/admin/admin-client.js';
import type { VideoModule } from '../video/module.js';

/**
 * Opens the data folder's database in this process, as the server would (its
 * migrations, catalogue and backend), without starting anything: no worker,
 * no scanner, no listener. Only when no server is running on it: `npm run admin`
 * when none answers, and set-up's demo previews.
 */
export async function openDirect(
  config: Config,
  log: Logger,
): Promise<{ target: AdminTarget; video: VideoModule; db: Db; close(): Promise<void> }> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const app = await createApp({ config, db, log, now: Date.now }, ['catalogue', 'backend']);
    const video = app.modules.find((m): m is VideoModule => m.name === 'video');
    if (!video) throw new Error('the video module is not mounted');
    return {
      target: previewsTarget(video),
      video,
      db,
      async close() {
        // Releases DATA_DIR/admin-token, which the module claimed for this process.
        await video.stop();
        await db.close();
      },
    };
  } catch (e) {
    await db.close();
    throw e;
  }
}
