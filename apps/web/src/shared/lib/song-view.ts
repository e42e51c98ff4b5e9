/**
 * How a song is shown, whatever mirror it came from (SPEC#entities-song;
 * catalogue-api.md §4.3): names may hold HTML entities, artists come as
 * `artists.primary` or the older `primaryArtists`, images as `url` or `link`.
 */
export interface SongLike {
  id: string;
  name?: string | null;
  title?: string | null;
  image?: readonly { url?: string; link?: string }[] | false | null;
  artists?: { primary?: readonly { id?: string | null; name?: string | null }[] | null } | null;
  primaryArtists?: string | readonly { name?: string | null }[] | null;
  album?: { id?: string | null; name?: string | null } | string | null;
}

/** A default logo is shown when a cover is missing (SPEC#limits-default-logo-image). */
export const DEFAULT_COVER = '/logo.svg';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

export const songTitle = (s: SongLike): string => decodeEntities(s.name || s.title || '').trim() || 'Unknown Song';

export function primaryArtistNames(s: SongLike): string {
  const fromObjects = (list: readonly { name?: string | null }[] | null | undefined) =>
    (list ?? []).map((a) => a?.name ?? '').filter(Boolean).join(', ');
  const primary = fromObjects(s.artists?.primary);
  const legacy = typeof s.primaryArtists === 'string' ? s.primaryArtists : fromObjects(s.primaryArtists);
  return decodeEntities(primary || legacy || '').trim() || 'Unknown Artist';
}

export function albumName(s: SongLike): string {
  const name = typeof s.album === 'string' ? s.album : s.album?.name;
  return decodeEntities(name ?? '').trim() || 'Unknown Album';
}

/** SPEC#entities-song: image index 2 preferred, then 1, then 0; the default logo when none. */
export function coverUrl(image: SongLike['image'], preferred: 0 | 1 | 2 = 2): string {
  if (!Array.isArray(image) || image.length === 0) return DEFAULT_COVER;
  for (let i = preferred; i >= 0; i--) {
    const entry = image[i];
    const url = entry?.url || entry?.link;
    if (url) return url;
  }
  const last = image[image.length - 1];
  return last?.url || last?.link || DEFAULT_COVER;
}

/** SPEC#chrome-mini-player: the mini player shows the first 20 characters of the primary artists. */
export const first20 = (text: string): string => Array.from(text).slice(0, 20).join('');
