/**
 * Station addresses that name a playlist (`.m3u`, `.pls`) rather than the stream itself, as many
 * stations publish: what the relay reads to find the stream. Pure functions.
 */

export type PlaylistKind = 'm3u' | 'pls';

const M3U_TYPES = /^(audio\/(x-)?mpegurl|application\/(x-)?mpegurl|application\/vnd\.apple\.mpegurl)\b/i;
const PLS_TYPES = /^(audio\/(x-)?scpls|application\/pls(\+xml)?)\b/i;

/**
 * Whether an answer is a playlist, by its Content-Type, or by the address's extension when the type says
 * nothing more precise (text, or a generic binary type).
 */
export function playlistKind(contentType: string, url: string): PlaylistKind | null {
  if (M3U_TYPES.test(contentType)) return 'm3u';
  if (PLS_TYPES.test(contentType)) return 'pls';
  if (!/^(text\/|application\/octet-stream|$)/i.test(contentType.trim())) return null;
  let path: string;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    return null;
  }
  if (path.endsWith('.m3u') || path.endsWith('.m3u8')) return 'm3u';
  if (path.endsWith('.pls')) return 'pls';
  return null;
}

/** An entry as an absolute http or https address (relative ones against the playlist's), or null. */
function httpUrl(entry: string, base: string): string | null {
  try {
    const url = new URL(entry.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The first stream a playlist names, or null when it names none. An HLS playlist (its `#EXT-X-` tags)
 * lists segments, not a stream, and gives null too.
 * - M3U: the first line that is not blank and not a `#` comment.
 * - PLS: `File1=` (else the lowest-numbered `FileN=`).
 */
export function firstStream(text: string, kind: PlaylistKind, base: string): string | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/).map((l) => l.trim());
  if (kind === 'm3u') {
    if (lines.some((l) => l.startsWith('#EXT-X-'))) return null;
    for (const line of lines) {
      if (line === '' || line.startsWith('#')) continue;
      return httpUrl(line, base);
    }
    return null;
  }
  const files = lines
    .map((l) => /^file(\d+)\s*=\s*(.+)$/i.exec(l))
    .filter((m): m is RegExpExecArray => m != null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  for (const m of files) {
    const url = httpUrl(m[2]!, base);
    if (url) return url;
  }
  return null;
}
