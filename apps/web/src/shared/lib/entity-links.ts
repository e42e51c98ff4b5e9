import { decodeEntities, primaryArtistNames, type SongLike } from './song-view.js';

/** The app's address of an artist's page and of an album's (SPEC#screens-routes). */
export const artistPath = (id: string): string => `/artist/${encodeURIComponent(id)}`;
export const albumPath = (id: string): string => `/album/${encodeURIComponent(id)}`;

/** A name as a row shows it: with the page it opens, or none when the catalogue gives no id. */
export interface NamedLink {
  name: string;
  to: string | null;
}

type ArtistObject = { id?: string | null; name?: string | null } | null | undefined;

/** Artist objects as named links, names decoded, blanks and repeats (same id or name) left out. */
export function artistLinks(...groups: (readonly ArtistObject[] | null | undefined)[]): NamedLink[] {
  const seen = new Set<string>();
  const out: NamedLink[] = [];
  for (const a of groups.flatMap((g) => g ?? [])) {
    const name = decodeEntities(a?.name ?? '').trim();
    const key = a?.id ? `id:${a.id}` : `name:${name.toLowerCase()}`;
    if (!name || seen.has(key) || seen.has(`name:${name.toLowerCase()}`)) continue;
    seen.add(key);
    seen.add(`name:${name.toLowerCase()}`);
    out.push({ name, to: a?.id ? artistPath(a.id) : null });
  }
  return out;
}

/**
 * Who a song row names: its primary artists, then those featured ("Sunburn — DJ X, Y"), each
 * leading to their page. Without artist objects (a mirror's older `primaryArtists` names)
 * one name that leads nowhere; 'Unknown Artist' when there is none.
 */
export function songArtistLinks(song: SongLike & { artists?: { featured?: readonly ArtistObject[] | null } | null }): NamedLink[] {
  const links = artistLinks(song.artists?.primary, song.artists?.featured);
  return links.length > 0 ? links : [{ name: primaryArtistNames(song), to: null }];
}

/** The song's album as a named link, or null when the catalogue names no album. */
export function songAlbumLink(song: SongLike): NamedLink | null {
  const album = typeof song.album === 'object' ? song.album : null;
  const name = decodeEntities((typeof song.album === 'string' ? song.album : album?.name) ?? '').trim();
  if (!name) return null;
  return { name, to: album?.id ? albumPath(album.id) : null };
}
