import { readFile } from 'node:fs/promises';
import { parseFile } from 'music-metadata';
import { looksLikeLrc, parseLrc, plainLyrics, type Lyrics } from './lrc.js';

/** Largest sidecar read: lyrics are a few KB; anything bigger is not lyrics. */
const MAX_LRC_BYTES = 512 * 1024;

export type FoundLyrics = Lyrics & { origin: 'lrc' | 'embedded' };

/** `Song.ogg` → `Song.lrc` (and `Song.LRC`). */
export const sidecarPaths = (file: string): string[] => {
  const base = file.replace(/\.[^./\\]+$/, '');
  return [`${base}.lrc`, `${base}.LRC`];
};

async function fromSidecar(file: string): Promise<FoundLyrics | null> {
  for (const path of sidecarPaths(file)) {
    const bytes = await readFile(path).catch(() => null);
    if (!bytes || bytes.length > MAX_LRC_BYTES) continue;
    const lyrics = parseLrc(bytes.toString('utf8'));
    if (lyrics.lines.length > 0) return { ...lyrics, origin: 'lrc' };
  }
  return null;
}

async function fromTags(file: string): Promise<FoundLyrics | null> {
  const { common } = await parseFile(file, { duration: false, skipCovers: true });
  for (const tag of common.lyrics ?? []) {
    // ID3 SYLT with millisecond stamps (timeStampFormat 2).
    const timed = (tag.syncText ?? []).filter((l) => typeof l.timestamp === 'number');
    if (timed.length > 0 && tag.timeStampFormat === 2) {
      return {
        origin: 'embedded',
        synced: true,
        lang: tag.language ?? null,
        lines: timed.map((l) => ({ startMs: l.timestamp!, text: l.text.trim() })).sort((a, b) => a.startMs - b.startMs),
      };
    }
    const text = tag.text ?? tag.syncText?.map((l) => l.text).join('\n') ?? '';
    if (!text.trim()) continue;
    const lyrics = looksLikeLrc(text) ? parseLrc(text) : plainLyrics(text);
    if (lyrics.lines.length > 0) return { ...lyrics, lang: lyrics.lang ?? tag.language ?? null, origin: 'embedded' };
  }
  return null;
}

/** A track's lyrics: the sidecar .lrc wins over the file's own tags; null when it has none. */
export async function readLyrics(file: string): Promise<FoundLyrics | null> {
  return (await fromSidecar(file)) ?? (await fromTags(file).catch(() => null));
}
