import { artistKey } from '../ids.js';

/**
 * Who a track credits, from its ARTIST / ARTISTS / COMPOSER tags.
 *
 * - "A feat. B", "A (ft. B)", "A featuring B": A is primary, B featured.
 * - "A & B", "A, B", "A and B" stay one name unless the file also carries a
 *   list (an ARTISTS tag, repeated ARTIST fields, or "A; B"): "Simon & Garfunkel"
 *   and "Earth, Wind & Fire" are one act each.
 */
export type CreditRole = 'primary' | 'featured' | 'composer';

export interface Credit {
  name: string;
  role: CreditRole;
}

export interface CreditTags {
  /** The display ARTIST string. */
  artist?: string | undefined;
  /** ARTISTS, or the values of repeated ARTIST fields. */
  artists?: readonly string[] | undefined;
  composers?: readonly string[] | undefined;
}

const FEATURING = /(?:\s+|\s*[([]\s*)(?:feat\.?|ft\.|featuring)\s+(.+?)\s*[)\]]?\s*$/i;
const VARIOUS = new Set(['various artists', 'various', 'va', 'v.a.', 'v/a']);
export const VARIOUS_ARTISTS = 'Various Artists';

const clean = (s: string) => s.replace(/[\p{Cc}\s]+/gu, ' ').trim();

export function splitFeaturing(value: string): { main: string; featured: string | null } {
  const m = FEATURING.exec(value);
  if (!m || m.index === 0) return { main: clean(value), featured: null };
  return { main: clean(value.slice(0, m.index)), featured: clean(m[1]!) || null };
}

/** "A; B" is a list in any tag format; other separators are ambiguous. */
const splitList = (values: readonly string[]) =>
  values.flatMap((v) => v.split(/\s*;\s*/)).map(clean).filter(Boolean);

const mentions = (text: string | null, name: string) =>
  text !== null && artistKey(text).includes(artistKey(name));

export function trackCredits(tags: CreditTags): Credit[] {
  const display = clean(tags.artist ?? '');
  const listed = splitList(tags.artists && tags.artists.length > 0 ? tags.artists : display ? [display] : []);
  const out: Credit[] = [];
  if (listed.length > 1) {
    const whole = splitFeaturing(display);
    for (const value of listed) {
      const own = splitFeaturing(value);
      if (own.featured) {
        out.push({ name: own.main, role: 'primary' }, { name: own.featured, role: 'featured' });
      } else if (mentions(whole.featured, value) && !mentions(whole.main, value)) {
        out.push({ name: value, role: 'featured' });
      } else {
        out.push({ name: value, role: 'primary' });
      }
    }
  } else if (listed.length === 1) {
    const { main, featured } = splitFeaturing(listed[0]!);
    if (main) out.push({ name: main, role: 'primary' });
    if (featured) out.push({ name: featured, role: 'featured' });
  }
  for (const name of splitList(tags.composers ?? [])) out.push({ name, role: 'composer' });
  return dedupe(out);
}

/** One credit per artist and role; someone both primary and featured is primary. */
function dedupe(credits: Credit[]): Credit[] {
  const primary = new Set(credits.filter((c) => c.role === 'primary').map((c) => artistKey(c.name)));
  const seen = new Set<string>();
  return credits.filter((c) => {
    const key = artistKey(c.name);
    if (c.name === '' || (c.role === 'featured' && primary.has(key))) return false;
    if (seen.has(c.role + '\0' + key)) return false;
    seen.add(c.role + '\0' + key);
    return true;
  });
}

/** The ALBUMARTIST tag as one name: "Various", "VA" -> "Various Artists"; featuring dropped. */
export function albumArtistName(tag: string | undefined | null): string | null {
  const main = splitFeaturing(clean(tag ?? '')).main;
  if (main === '') return null;
  return VARIOUS.has(main.toLowerCase()) ? VARIOUS_ARTISTS : main;
}

/** The primary artists as one display string, what album grouping compares. */
export const primaryNames = (credits: readonly Credit[]) =>
  credits
    .filter((c) => c.role === 'primary')
    .map((c) => c.name)
    .join(', ');
