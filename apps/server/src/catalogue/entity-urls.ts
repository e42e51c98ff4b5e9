/**
 * Canonical page URLs of catalogue entities (catalogue-api.md §1.3, §3.5):
 * `${base}/song/<slug>/<id>`, `/album/...`, `/artist/...`, `/playlist/...`.
 * A `link` parameter is read back by its last path segment, so our own URLs
 * and any URL ending in one of our ids both work.
 */
export type EntityKind = 'song' | 'album' | 'artist' | 'playlist';

/** A readable URL segment: accents dropped, lower case, runs of other characters as one dash. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || '-';
}

export const entityUrl = (base: string, kind: EntityKind, name: string, id: string): string =>
  `${base}/${kind}/${encodeURIComponent(slugify(name))}/${encodeURIComponent(id)}`;

/**
 * The id a `link` names: its last non-empty path segment. Returns null for a
 * URL with no path (the reference then treats the request as having no link).
 * Throws TypeError for text that is not a URL at all.
 */
export function linkId(link: string): string | null {
  const url = new URL(link);
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (last === undefined) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
