import { createScanner, locateTools, selectShortestSongs } from '../../catalogue/module.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { Deps } from '../../module.js';
import { liveAdminEndpoint } from '../../db/admin-file.js';
import { createRenderer } from '../render/renderer.js';
import type { VideoModule } from '../module.js';

/** Songs shorter than this are jingles (the demo library's victory/defeat stings), not worth a preview. */
const MIN_SONG_S = 20;

/**
 * Why set-up's video step (cli/demo-previews.ts) cannot run here, as the line
 * it prints (no ffmpeg, a server holding the data folder); null when it can.
 */
export async function demoPreviewsSkipped(config: Config, log: Logger): Promise<string | null> {
  const renderer = createRenderer(locateTools(config, log));
  if ((await renderer.formats()).length === 0) {
    return 'video previews: skipped, ffmpeg with libx264 or libvpx-vp9 is not installed (apt-get install ffmpeg)';
  }
  const running = await liveAdminEndpoint(config.DATA_DIR);
  if (running) {
    return `video previews: skipped, a server (pid ${running.pid}) is using ${config.DATA_DIR}; ` +
      'stop it and run set-up again, or use `npm run admin -- video render <songId>`';
  }
  return null;
}

/**
 * Set-up's video step: previews for the few (`count`) shortest real songs of
 * the library, so Home's Video Previews row and 'Switch to video' work on a
 * fresh install. Scans MUSIC_DIR into the database first (as the server's first
 * start would), skips songs that already have a preview, and says why when the
 * library is empty. Returns the song ids it rendered.
 */
export async function renderDemoPreviews(
  deps: Deps,
  video: Pick<VideoModule, 'previews'>,
  count: number,
  out: (line: string) => void,
): Promise<string[]> {
  const { config, db } = deps;
  await createScanner(deps).rescan();
  const songs = await selectShortestSongs(db, count, MIN_SONG_S);
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
