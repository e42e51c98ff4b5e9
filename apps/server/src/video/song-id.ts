/**
 * Song ids are catalogue track ids: letters, digits, `_` and `-` (the
 * catalogue's id rule), so an id can never name a path outside its folder.
 */
const SONG_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const isSongId = (s: unknown): s is string => typeof s === 'string' && SONG_ID.test(s);

/** The id itself, or an error: the last check before an id becomes a file path or an object key. */
export function checkedSongId(s: string): string {
  if (!isSongId(s)) throw new Error(`invalid song id ${JSON.stringify(s)}`);
  return s;
}
