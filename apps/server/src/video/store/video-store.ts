import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { VideoFormat } from '../formats.js';
import { isSongId } from '../song-id.js';

export interface StoredVideo {
  sizeBytes: number;
  mtimeMs: number;
}

/**
 * Where finished previews live. The local store keeps them under
 * DATA_DIR/videos/<songId>/preview.<format>; another store (S3-compatible)
 * would implement the same calls.
 */
export interface VideoStore {
  /** A fresh scratch file for ffmpeg to write into; `commit` moves it into place. */
  scratchPath(format: VideoFormat): Promise<string>;
  /** Publishes a finished file atomically: readers see the old file or the new one, never half. */
  commit(songId: string, format: VideoFormat, scratch: string): Promise<void>;
  /** Drops a scratch file that will not be committed. */
  discard(scratch: string): Promise<void>;
  stat(songId: string, format: VideoFormat): Promise<StoredVideo | null>;
  /** Inclusive byte range, as HTTP Range gives it. */
  read(songId: string, format: VideoFormat, range?: { start: number; end: number }): Readable;
  /** Removes every file of the song's preview; true when there was one. */
  remove(songId: string): Promise<boolean>;
}

const fileName = (format: VideoFormat) => `preview.${format}`;

export function createLocalVideoStore(dataDir: string): VideoStore {
  const root = join(dataDir, 'videos');
  // Scratch files sit on the same filesystem as their destination, so rename(2) is atomic.
  const scratchDir = join(root, '.scratch');
  const dirOf = (songId: string) => {
    // Ids are checked at every edge; this is the last line before a path is built.
    if (!isSongId(songId)) throw new Error(`invalid song id ${JSON.stringify(songId)}`);
    return join(root, songId);
  };

  return {
    async scratchPath(format) {
      await mkdir(scratchDir, { recursive: true });
      return join(scratchDir, `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${format}`);
    },
    async commit(songId, format, scratch) {
      const dir = dirOf(songId);
      await mkdir(dir, { recursive: true });
      await rename(scratch, join(dir, fileName(format)));
    },
    async discard(scratch) {
      await rm(scratch, { force: true });
    },
    async stat(songId, format) {
      try {
        const s = await stat(join(dirOf(songId), fileName(format)));
        return s.isFile() ? { sizeBytes: s.size, mtimeMs: s.mtimeMs } : null;
      } catch {
        return null;
      }
    },
    read(songId, format, range) {
      return createReadStream(join(dirOf(songId), fileName(format)), range ? { start: range.start, end: range.end } : {});
    },
    async remove(songId) {
      const dir = dirOf(songId);
      const had = (await readdir(dir).catch(() => [])).length > 0;
      await rm(dir, { recursive: true, force: true });
      return had;
    },
  };
}
