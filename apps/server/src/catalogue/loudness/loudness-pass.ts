import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { sourceInside } from '../media/media-paths.js';
import type { LibraryPass } from '../passes/pass-runner.js';
import { loudnessFromTags, measureLoudness } from './measure.js';
import { saveTrack, selectAlbumsToUpdate, selectPending, updateAlbum } from './loudness.sql.js';

const BATCH = 20;

/**
 * Every track's loudness, one file at a time at the lowest CPU priority:
 * ReplayGain tags when the file has them, else ffmpeg's ebur128
 * (loudness.sql.ts keeps the figures per file version). A file that cannot
 * be read is stored as failed and tried again only when it changes.
 */
export function loudnessPass(deps: { db: Db; log: Logger; musicDir: string; ffmpeg: string | null }): LibraryPass {
  const { db, log } = deps;
  return {
    name: 'loudness',
    // Minutes to hours on a new library: the lyrics and pictures of a later scan go first.
    yieldsToKick: true,
    async batch(signal) {
      const tracks = await selectPending(db, BATCH);
      const albums = new Set<string>();
      for (const t of tracks) {
        if (signal.aborted) break;
        const file = await sourceInside(deps.musicDir, t.path);
        try {
          if (!file) throw new Error('outside the music folder');
          const tagged = await loudnessFromTags(file).catch(() => null);
          if (!tagged && !deps.ffmpeg) throw new Error('ffmpeg is not installed');
          await saveTrack(db, t, tagged ?? (await measureLoudness(deps.ffmpeg!, file, signal)));
        } catch (e) {
          if (signal.aborted) break;
          const error = e instanceof Error ? e.message : String(e);
          log.warn('loudness not measured', { track: t.id, error });
          await saveTrack(db, t, { origin: 'failed', error: error.slice(0, 500) });
        }
        if (t.album_id) albums.add(t.album_id);
      }
      for (const id of albums) if (!signal.aborted) await updateAlbum(db, id);
      return tracks.length;
    },
    async finish(signal) {
      for (const id of await selectAlbumsToUpdate(db)) if (!signal.aborted) await updateAlbum(db, id);
    },
  };
}
