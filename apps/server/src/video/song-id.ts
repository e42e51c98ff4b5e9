/**
 * Song ids are catalogue track ids: letters, digits, `_` and `-` (the
 * catalogue's id rule), so an id can never name a path outside its folder.
 */
const SONG_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const isSongId = (s: unknown): s is string => typeof s === 'string' && SONG_ID.test(s);
