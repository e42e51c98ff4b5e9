import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { VideoFormat } from '../formats.js';
import { checkedSongId } from '../song-id.js';

export interface StoredVideo {
  sizeBytes: number;
  mtimeMs: number;
}

/**
 * Where finished previews live. The local store keeps them under
 * DATA_DIR/videos/<songId>/preview.<format>; the S3 store (s3-video-store.ts)
 * keeps them as objects `<prefix><songId>/preview.<format>` in a bucket.
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

/**
 * Scratch files for ffmpeg, which writes to local files whatever the store:
 * DATA_DIR/videos/.scratch (not a song id, so never served).
 */
export function createScratch(dataDir: string): Pick<VideoStore, 'scratchPath' | 'discard'> {
  const dir = join(dataDir, 'videos', '.scratch');
  return {
    async scratchPath(format) {
      await mkdir(dir, { recursive: true });
      return join(dir, `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${format}`);
    },
    async discard(scratch) {
      await rm(scratch, { force: true });
    },
  };
}

export function createLocalVideoStore(dataDir: string): VideoStore {
  const root = join(dataDir, 'videos');
  // Scratch files sit on the same filesystem as their destination, so rename(2) is atomic.
  const scratch = createScratch(dataDir);
  // Ids are checked at every edge; this is the last line before a path is built.
  const dirOf = (songId: string) => join(root, checkedSongId(songId));

  return {
    scratchPath: scratch.scratchPath,
    discard: scratch.discard,
    async commit(songId, format, file) {
      const dir = dirOf(songId);
      await mkdir(dir, { recursive: true });
      await rename(file, join(dir, fileName(format)));
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
