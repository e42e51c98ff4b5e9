import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import type { BitrateKbps } from '@lyra/contracts/ids';
import type { AudioFormat } from './media-paths.js';
import { RECIPE_VERSION } from './tiers.js';

/**
 * The audio cache: DATA_DIR/cache/audio/<trackId>/<kbps>-<key>.mp4 (and `.mp3` for MP3 tiers).
 * `key` hashes the source's size and mtime with the encoder recipe, so a
 * changed file (same track id after a rescan) or a new recipe gets a fresh
 * encoding; the stale one is deleted when the new one is in place.
 */
export interface SourceVersion {
  sizeBytes: number;
  mtimeMs: number;
}

export const cacheKey = (source: SourceVersion): string =>
  createHash('sha1')
    .update(`${RECIPE_VERSION}:${source.sizeBytes}:${Math.floor(source.mtimeMs)}`)
    .digest('hex')
    .slice(0, 12);

/**
 * `audioRoot` is absolute and normalised; `trackId` must already match
 * ID_PATTERN (media-paths.ts), so plain concatenation is a safe path (and
 * cheaper than path.join on every Range request).
 */
export const audioCachePath = (audioRoot: string, trackId: string, kbps: BitrateKbps, key: string, format: AudioFormat = 'aac'): string =>
  `${audioRoot}${sep}${trackId}${sep}${kbps}-${key}.${format === 'mp3' ? 'mp3' : 'mp4'}`;

/** Temporary files of a transcode that died with its process (crash, kill -9) are this old at least. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * After `keep` is written: removes other encodings of the same tier and
 * leftovers of crashed transcodes. Readers of a removed file keep their
 * open descriptor, so this never cuts a stream short.
 */
export async function pruneTier(keep: string, now: number): Promise<void> {
  const dir = dirname(keep);
  const name = basename(keep);
  const tier = name.slice(0, name.indexOf('-') + 1);
  const ext = name.slice(name.lastIndexOf('.'));
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry);
      if (entry === name) return;
      if (entry.startsWith(tier) && entry.endsWith(ext)) return rm(path, { force: true });
      if (entry.endsWith('.tmp') || entry.endsWith('.live')) {
        const s = await stat(path).catch(() => null);
        if (s && now - s.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
      }
    }),
  ).catch(() => {});
}
