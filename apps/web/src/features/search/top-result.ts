import type { ArtistRef, SearchAlbum, Song } from '@lyra/contracts/catalogue';

/** What the All view shows first. */
export type TopResult = { type: 'artist'; item: ArtistRef } | { type: 'album'; item: SearchAlbum } | { type: 'song'; item: Song };

/** Lower case without accents, spaces run together: how names are compared with the query. */
export const looseName = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The top result of the All view, as the server's global search picks its top query
 * (catalogue-api.md §3.4): an artist named exactly as the query, else an album so named,
 * else the best song, else the best album, else the best artist.
 */
export function topResult(term: string, found: { songs: readonly Song[]; albums: readonly SearchAlbum[]; artists: readonly ArtistRef[] }): TopResult | null {
  const wanted = looseName(term);
  const artist = found.artists.find((a) => looseName(a.name ?? '') === wanted);
  if (artist) return { type: 'artist', item: artist };
  const album = found.albums.find((a) => looseName(a.name ?? '') === wanted);
  if (album) return { type: 'album', item: album };
  if (found.songs[0]) return { type: 'song', item: found.songs[0] };
  if (found.albums[0]) return { type: 'album', item: found.albums[0] };
  if (found.artists[0]) return { type: 'artist', item: found.artists[0] };
  return null;
}
