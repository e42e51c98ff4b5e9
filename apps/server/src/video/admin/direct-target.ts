import { createApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/open.js';
import type { Logger } from '../../log.js';
import type { VideoModule } from '../video-module.js';
import type { AdminTarget } from './admin-client.js';

/** AdminTarget over the module's own services (direct mode and the tests). */
export const previewsTarget = (video: Pick<VideoModule, 'previews'>): AdminTarget => ({
  add: (songId, file) => video.previews.attachVideo(songId, file),
  render: (songId) => video.previews.renderSong(songId),
  list: () => video.previews.list(),
  remove: (songId) => video.previews.remove(songId),
});

/**
 * Opens the data folder's database in this process, as the server would (its
 * migrations, catalogue and backend), without starting anything: no worker,
 * no scanner, no listener. Only when no server is running on it.
 */
export async function openDirect(config: Config, log: Logger): Promise<{ target: AdminTarget; video: VideoModule; close(): Promise<void> }> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const app = await createApp({ config, db, log, now: Date.now }, ['catalogue', 'backend']);
    const video = app.modules.find((m): m is VideoModule => m.name === 'video');
    if (!video) throw new Error('the video module is not mounted');
    return {
      target: previewsTarget(video),
      video,
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
