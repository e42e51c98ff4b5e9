import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { resolveInside } from '../media/media-paths.js';
import { loudnessFromTags, measureLoudness } from './measure.js';
import { saveTrack, selectAlbumsToUpdate, selectPending, updateAlbum } from './loudness.sql.js';

export interface LoudnessJob {
  /** Looks for tracks to measure now (after a scan). */
  kick(): void;
  /** Resolves when nothing is left to measure (tests, the admin CLI). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 20;
/** Without a kick, how often to look again (a scan kicks at once). */
const RECHECK_MS = 10 * 60_000;

/**
 * Measures every track's loudness in the background, one file at a time at
 * the lowest CPU priority: ReplayGain tags when the file has them, else
 * ffmpeg's ebur128 (loudness.sql.ts keeps the figures per file version).
 * A file that cannot be read is stored as failed and tried again only when
 * it changes.
 */
export function createLoudnessJob(deps: { db: Db; log: Logger; musicDir: string; ffmpeg: string | null }): LoudnessJob {
  const { db, log } = deps;
  const abort = new AbortController();
  let wake: (() => void) | null = null;
  let idleWaiters: (() => void)[] = [];
  let busy = false;
  let pendingKick = true;

  const batch = async (): Promise<number> => {
    const tracks = await selectPending(db, BATCH);
    const albums = new Set<string>();
    for (const t of tracks) {
      if (abort.signal.aborted) break;
      const file = resolveInside(deps.musicDir, t.path);
      try {
        if (!file) throw new Error('outside the music folder');
        const tagged = await loudnessFromTags(file).catch(() => null);
        if (!tagged && !deps.ffmpeg) throw new Error('ffmpeg is not installed');
        await saveTrack(db, t, tagged ?? (await measureLoudness(deps.ffmpeg!, file, abort.signal)));
      } catch (e) {
        if (abort.signal.aborted) break;
        const error = e instanceof Error ? e.message : String(e);
        log.warn('loudness not measured', { track: t.id, error });
        await saveTrack(db, t, { origin: 'failed', error: error.slice(0, 500) });
      }
      if (t.album_id) albums.add(t.album_id);
    }
    for (const id of albums) if (!abort.signal.aborted) await updateAlbum(db, id);
    return tracks.length;
  };

  const loop = async () => {
    while (!abort.signal.aborted) {
      pendingKick = false;
      busy = true;
      let done = 0;
      try {
        for (let n = await batch(); n > 0 && !abort.signal.aborted; n = await batch()) done += n;
        for (const id of await selectAlbumsToUpdate(db)) if (!abort.signal.aborted) await updateAlbum(db, id);
      } catch (e) {
        if (!abort.signal.aborted) log.warn('loudness job failed', { error: e });
      }
      busy = false;
      if (done > 0) log.info('loudness measured', { tracks: done });
      if (!pendingKick) {
        for (const w of idleWaiters.splice(0)) w();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, RECHECK_MS);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
    for (const w of idleWaiters.splice(0)) w();
  };
  const running = loop();

  return {
    kick() {
      pendingKick = true;
      wake?.();
    },
    idle: () => (!busy && !pendingKick ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
    async stop() {
      abort.abort();
      wake?.();
      await running;
    },
  };
}
