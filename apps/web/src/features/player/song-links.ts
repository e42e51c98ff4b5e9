import { albumName, decodeEntities, primaryArtistNames, type SongLike } from '../../shared/lib/song-view.js';

/** A piece of a line of names: an artist (with the page it opens, when the catalogue gives its id) or the ", " between two. */
export interface NamePiece {
  text: string;
  to: string | null;
}

const artistPath = (id: string) => `/artist/${encodeURIComponent(id)}`;

/**
 * The song's primary artists as pieces, each artist leading to its page.
 * `maxChars` keeps the first that many characters of the whole line (the mini
 * player's 20, SPEC#chrome-mini-player), cutting the last name shown. Without artist objects
 * (the older `primaryArtists` names) the line is one piece that leads nowhere.
 */
export function artistPieces(song: SongLike, maxChars = Number.POSITIVE_INFINITY): NamePiece[] {
  const named = (song.artists?.primary ?? [])
    .map((a) => ({ text: decodeEntities(a?.name ?? '').trim(), to: a?.id ? artistPath(a.id) : null }))
    .filter((a) => a.text !== '');
  const pieces: NamePiece[] =
    named.length > 0 ? named.flatMap((a, i) => (i === 0 ? [a] : [{ text: ', ', to: null }, a])) : [{ text: primaryArtistNames(song), to: null }];
  const out: NamePiece[] = [];
  let left = maxChars;
  for (const piece of pieces) {
    if (left <= 0) break;
    const chars = Array.from(piece.text);
    out.push(chars.length > left ? { ...piece, text: chars.slice(0, left).join('') } : piece);
    left -= chars.length;
  }
  return out;
}

/** The song's album name and the page it opens (null when the catalogue gives no album id). */
export function albumLink(song: SongLike): NamePiece {
  const id = typeof song.album === 'object' ? song.album?.id : null;
  return { text: albumName(song), to: id ? `/album/${encodeURIComponent(id)}` : null };
}
