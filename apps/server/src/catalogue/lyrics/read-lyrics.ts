import { readFile } from 'node:fs/promises';
import type { ITag } from 'music-metadata';
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

/**
 * Tags that hold lyrics as text, plain or LRC: Vorbis LYRICS and
 * UNSYNCEDLYRICS (APEv2 Lyrics alike), MP4 ©lyr, ASF WM/Lyrics, and the ID3
 * TXXX frames ffmpeg writes instead of USLT (`-metadata lyrics=` gives
 * TXXX:USLT; a USLT it copies becomes TXXX:lyrics-[descriptor-]language).
 */
const TEXT_TAG = /^(?:LYRICS|UNSYNCEDLYRICS|©lyr|WM\/Lyrics|TXXX:(?:USLT|LYRICS|UNSYNCEDLYRICS|lyrics-.+))$/i;
const FFMPEG_LANGUAGE = /^TXXX:lyrics-(?:.*-)?([a-z]{3})$/i;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Plain or LRC text (read by our LRC reader: several stamps a line, offsets). */
function fromText(value: string, language: string | null): Lyrics | null {
  if (!value.trim()) return null;
  const lyrics = looksLikeLrc(value) ? parseLrc(value) : plainLyrics(value);
  return lyrics.lines.length > 0 ? { ...lyrics, lang: lyrics.lang ?? language } : null;
}

/**
 * An ID3 SYLT frame. Its entries are lines or syllables: a syllable that
 * begins with a newline begins a line (ID3v2.4 native frames §4.9), so where
 * one does, entries are joined into lines stamped by their first. Stamps in
 * milliseconds (format 2) make timed lines; MPEG frame counts (format 1) are
 * kept as plain text. Only lyrics and transcriptions (content types 0-2),
 * not chords, events or the like.
 */
function fromSylt(frame: Record<string, unknown>): Lyrics | null {
  if (typeof frame.contentType === 'number' && frame.contentType > 2) return null;
  const entries = Array.isArray(frame.syncText) ? frame.syncText.filter(isObject) : [];
  const syllables = entries.slice(1).some((e) => /^[\r\n]/.test(text(e.text) ?? ''));
  const lines: { startMs: number; text: string }[] = [];
  for (const e of entries) {
    const words = text(e.text) ?? '';
    const startMs = typeof e.timestamp === 'number' ? e.timestamp : 0;
    const last = lines.at(-1);
    if (syllables && last && !/^[\r\n]/.test(words)) last.text += words;
    else lines.push({ startMs, text: words });
  }
  const lang = text(frame.language);
  if (frame.timeStampFormat !== 2) return fromText(lines.map((l) => l.text).join('\n'), lang);
  const timed = lines.map((l) => ({ startMs: l.startMs, text: l.text.trim() })).sort((a, b) => a.startMs - b.startMs);
  return timed.some((l) => l.text) ? { synced: true, lines: timed, lang } : null;
}

function fromTag({ id, value }: ITag): Lyrics | null {
  if (id === 'SYLT' && isObject(value)) return fromSylt(value);
  // USLT (ULT in ID3v2.2): language, descriptor, text.
  if ((id === 'USLT' || id === 'ULT') && isObject(value)) return fromText(text(value.text) ?? '', text(value.language));
  const raw = text(value);
  if (raw == null || !TEXT_TAG.test(id)) return null;
  return fromText(raw, FFMPEG_LANGUAGE.exec(id)?.[1] ?? null);
}

/** The file's lyrics tags, in every tag format it has: the first timed lyrics, else the first plain ones. */
async function fromTags(file: string): Promise<FoundLyrics | null> {
  // Loaded at its first use rather than with the server.
  const { parseFile } = await import('music-metadata');
  const { native } = await parseFile(file, { duration: false, skipCovers: true });
  const found = Object.values(native).flat().map(fromTag).filter((l) => l != null);
  const best = found.find((l) => l.synced) ?? found[0];
  return best ? { ...best, origin: 'embedded' } : null;
}

/** A track's lyrics: the sidecar .lrc wins over the file's own tags; null when it has none. */
export async function readLyrics(file: string): Promise<FoundLyrics | null> {
  return (await fromSidecar(file)) ?? (await fromTags(file).catch(() => null));
}
