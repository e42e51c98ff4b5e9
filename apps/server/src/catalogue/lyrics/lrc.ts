/**
 * LRC, the common synced-lyrics format: `[mm:ss.xx]text`, several stamps may
 * share one line, `[offset:+/-ms]` shifts every stamp (positive = earlier),
 * `[ar:]`, `[ti:]`, `[la:]` and the like are metadata. Lines without a stamp
 * make the lyrics unsynced.
 */
export interface LyricLine {
  /** Absent for unsynced lyrics. */
  startMs?: number;
  text: string;
}

export interface Lyrics {
  synced: boolean;
  lines: LyricLine[];
  lang: string | null;
}

const STAMP = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
const TAG = /^\[([a-z]+):([^\]]*)\]\s*$/i;

const toMs = (m: string, s: string, frac: string | undefined) =>
  Number(m) * 60_000 + Number(s) * 1000 + (frac ? Math.round(Number(`0.${frac}`) * 1000) : 0);

/** True when the text carries LRC time stamps (embedded lyrics sometimes are LRC). */
export const looksLikeLrc = (text: string): boolean => /^\s*\[\d{1,3}:\d{1,2}([.:]\d{1,3})?\]/m.test(text);

export function parseLrc(text: string): Lyrics {
  let offsetMs = 0;
  let lang: string | null = null;
  const timed: LyricLine[] = [];
  const plain: LyricLine[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const tag = TAG.exec(raw.trim());
    if (tag && !/^\d+$/.test(tag[1]!)) {
      const [, key = '', value = ''] = tag;
      if (key.toLowerCase() === 'offset' && /^[+-]?\d+$/.test(value.trim())) offsetMs = Number(value.trim());
      if (key.toLowerCase() === 'la' && value.trim()) lang = value.trim();
      continue;
    }
    const stamps = [...raw.matchAll(STAMP)];
    const words = raw.replace(STAMP, '').trim();
    if (stamps.length === 0) {
      if (words) plain.push({ text: words });
      continue;
    }
    for (const s of stamps) timed.push({ startMs: Math.max(0, toMs(s[1]!, s[2]!, s[3]) - offsetMs), text: words });
  }
  if (timed.length === 0) return { synced: false, lines: plain, lang };
  timed.sort((a, b) => a.startMs! - b.startMs!);
  return { synced: true, lines: timed, lang };
}

/** Plain lyrics: one line per text line, blank lines dropped. */
export const plainLyrics = (text: string): Lyrics => ({
  synced: false,
  lines: text.split(/\r?\n/).map((t) => t.trim()).filter(Boolean).map((t) => ({ text: t })),
  lang: null,
});
