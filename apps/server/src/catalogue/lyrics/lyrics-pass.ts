import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { sourceInside } from '../media/media-paths.js';
import type { LibraryPass } from '../passes/pass-runner.js';
import { saveLyrics, selectPending } from './lyrics.sql.js';
import { readLyrics } from './read-lyrics.js';

const BATCH = 50;

/**
 * Reads every track's lyrics once per file version: its sidecar .lrc, else
 * its lyrics tags. A track without lyrics is stored as 'none', so it is not
 * read again until the file changes, or a completed scan saw its folder
 * change (a sidecar .lrc added or replaced beside it: lyrics.sql.ts).
 */
export function lyricsPass(deps: { db: Db; log: Logger; musicDir: string }): LibraryPass {
  // Where the round got to: each batch goes on from there instead of walking the songs done.
  let after = '';
  return {
    name: 'lyrics',
    async batch(signal) {
      const tracks = await selectPending(deps.db, BATCH, after);
      after = tracks.at(-1)?.id ?? '';
      for (const t of tracks) {
        if (signal.aborted) break;
        const file = await sourceInside(deps.musicDir, t.path);
        const lyrics = file ? await readLyrics(file).catch(() => null) : null;
        await saveLyrics(deps.db, t, lyrics);
      }
      return tracks.length;
    },
  };
}
