import { createApp } from '../../app.js';
import { locateTools } from '../../catalogue/media/ffmpeg-locate.js';
import { createScanner } from '../../catalogue/scanner/scanner-service.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/open.js';
import { createLogger } from '../../log.js';
import { isProcessAlive, readAdminFile } from '../admin/admin-file.js';
import { createRenderer } from '../render/renderer.js';
import { selectShortestSongs } from '../songs.sql.js';
import type { VideoModule } from '../video-module.js';

/** Songs shorter than this are jingles (the demo library's victory/defeat stings), not worth a preview. */
const MIN_SONG_S = 20;

/**
 * Set-up's video step: previews for the few shortest real songs of the
 * library, so Home's Video Previews row and 'Switch to video' work on a fresh
 * install. Scans MUSIC_DIR into the database first (as the server's first
 * start would), skips songs that already have a preview, and says why when it
 * cannot run (no ffmpeg, empty library, a server holding the data folder).
 * Returns the song ids it rendered.
 */
export async function createDemoPreviews(opts: {
  env: Record<string, string | undefined>;
  count?: number;
  out?: (line: string) => void;
}): Promise<string[]> {
  const out = opts.out ?? ((line: string) => process.stdout.write(line + '\n'));
  const config = loadConfig(opts.env);
  const log = createLogger('warn');
  const renderer = createRenderer(locateTools(config, log));
  if ((await renderer.formats()).length === 0) {
    out('video previews: skipped, ffmpeg with libx264 or libvpx-vp9 is not installed (apt-get install ffmpeg)');
    return [];
  }
  const running = await readAdminFile(config.DATA_DIR);
  if (running && isProcessAlive(running.pid)) {
    out(`video previews: skipped, a server (pid ${running.pid}) is using ${config.DATA_DIR}; ` +
      'stop it and run set-up again, or use `npm run admin -- video render <songId>`');
    return [];
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const deps = { config, db, log, now: Date.now };
    const app = await createApp(deps, ['catalogue', 'backend']);
    const video = app.modules.find((m): m is VideoModule => m.name === 'video')!;
    try {
      return await renderDemos(video);
    } finally {
      await video.stop();
    }
  } finally {
    await db.close();
  }

  async function renderDemos(video: VideoModule): Promise<string[]> {
    await createScanner({ config, db, log, now: Date.now }).rescan();
    const songs = await selectShortestSongs(db, opts.count ?? 3, MIN_SONG_S);
    if (songs.length === 0) {
      out(`video previews: skipped, the library in ${config.MUSIC_DIR} has no songs`);
      return [];
    }
    const made: string[] = [];
    for (const song of songs) {
      if (await video.previews.has(song.id)) {
        out(`video previews: ${song.title} already has one`);
        continue;
      }
      const started = Date.now();
      try {
        await video.previews.renderSong(song.id);
        made.push(song.id);
        out(`video previews: ${song.title} (${Math.round(song.duration_s ?? 0)} s) rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (e) {
        out(`video previews: ${song.title} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return made;
  }
}
