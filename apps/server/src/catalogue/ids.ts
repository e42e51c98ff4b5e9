import { createHash } from 'node:crypto';

/**
 * Stable catalogue ids, derived from content and names, never from row numbers
 * (DESIGN §4), so a rescan or a rebuilt database gives every entity the same id
 * and users' favourites and playlists stay valid. See scanner/README.md.
 *
 * - Songs: 11 url-safe characters (saavn song ids look like "Xk3pQ9aB"; the
 *   player treats ids of 5 characters or fewer as invalid, SPEC#states-player), from the
 *   file's fingerprint (a hash of size + head + tail bytes).
 * - Albums, artists, playlists: 10-digit numeric strings (saavn style), from
 *   a normalised grouping key.
 * - Covers: 32 hex digits of the image bytes' hash (lower case, so that they
 *   are safe file names on case-insensitive file systems too).
 *
 * Two keys may hash to the same id; `idCandidates` then yields salted variants
 * and the writer takes the first one not held by another key.
 */

export const TRACK_ID_LENGTH = 11;
export const NUMERIC_ID_DIGITS = 10;

const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest();

export function trackId(seed: string): string {
  return sha256('track\0' + seed)
    .toString('base64url')
    .slice(0, TRACK_ID_LENGTH);
}

export type NumericKind = 'album' | 'artist' | 'playlist';

/** A 10-digit decimal string without a leading zero. */
export function numericId(kind: NumericKind, key: string): string {
  const n = sha256(kind + '\0' + key).readUIntBE(0, 6); // 48 bits
  const span = 9 * 10 ** (NUMERIC_ID_DIGITS - 1);
  return String(10 ** (NUMERIC_ID_DIGITS - 1) + (n % span));
}

/** The id for `key`, then salted fall-backs for the rare collision. */
export function* idCandidates(make: (key: string) => string, key: string): Generator<string> {
  yield make(key);
  for (let salt = 1; ; salt++) yield make(`${key}\0#${salt}`);
}

export function coverId(bytes: Uint8Array): string {
  return sha256(bytes).toString('hex').slice(0, 32);
}

/**
 * The grouping key of a name: case, accents and spacing do not make a
 * different artist or album ("Beyoncé" = "beyonce ").
 */
export function groupKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\p{Cc}/gu, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const artistKey = (name: string) => groupKey(name);
/** Name and album artist, joined by U+001F (PostgreSQL text cannot hold NUL). */
export const albumKey = (name: string, albumArtist: string | null) =>
  groupKey(name) + '\u001f' + groupKey(albumArtist ?? '');
