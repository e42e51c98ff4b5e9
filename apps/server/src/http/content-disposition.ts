/**
 * `Content-Disposition: attachment` with a file name (RFC 6266 §4.1, §4.3):
 * an ASCII `filename` fallback for old clients and `filename*` in UTF-8
 * (RFC 8187) for everyone else, who must prefer it.
 */
export function attachmentHeader(title: string, extension: string): string {
  const base = cleanName(title) || 'download';
  const full = `${base}.${extension}`;
  const ascii = full
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    // RFC 6266 Appendix D: some agents unescape `%` in the plain parameter.
    .replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(full)}`;
}

/** Drops what no file system accepts (separators, controls, `.`/`..` parts, leading dots). */
function cleanName(title: string): string {
  return title
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .split(/\s+/)
    .filter((word) => !/^\.+$/.test(word))
    .join(' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 150)
    .trim();
}

/** RFC 8187 §3.2.1 attr-char: ALPHA / DIGIT / "!#$&+-.^_`|~"; everything else percent-encoded. */
function encodeRfc8187(s: string): string {
  return encodeURIComponent(s).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}
