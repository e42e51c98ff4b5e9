import type { StoredLyrics } from './lyrics.sql.js';

/**
 * The catalogue API's lyrics object (`lyrics`, `snippet`, `copyright`, as the
 * public API's /songs/{id}/lyrics had it: the text with `<br>` between lines)
 * plus ours: `synced`, `lang` and the timed lines [{startMs, text}].
 */
export function lyricsResponse(l: StoredLyrics) {
  const text = l.lines.map((x) => x.text);
  const words = text.filter(Boolean);
  return {
    lyrics: text.join('<br>'),
    snippet: words[0] ?? '',
    copyright: null,
    synced: l.synced,
    lang: l.lang,
    lines: l.lines.map((x) => (l.synced ? { startMs: x.startMs ?? 0, text: x.text } : { text: x.text })),
  };
}
