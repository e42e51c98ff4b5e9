import type { ArtistRef, SearchAlbum } from '@lyra/contracts/catalogue';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { artistLinks } from '../../shared/lib/entity-links.js';
import { ArtistAvatar } from '../../shared/ui/artist-avatar.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { NameLinks, STRETCHED_BUTTON } from '../../shared/ui/name-links.js';

const capital = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** SPEC#search-albums: an album card names its artists, or 'Various Artists' when it has none. */
export function albumArtists(album: Pick<SearchAlbum, 'artists'>): string {
  const names = (album.artists?.primary ?? []).map((a) => a?.name?.trim()).filter(Boolean);
  return names.length > 0 ? decodeEntities([...new Set(names)].join(', ')) : 'Various Artists';
}

export function albumMeta(album: Pick<SearchAlbum, 'year' | 'language'>): string {
  return [album.year ? String(album.year) : '', capital(album.language ?? '')].filter(Boolean).join(' · ');
}

/**
 * SPEC#search-albums: a card with year, language and artists, opening /album/{id}. Its title is
 * the button that opens the album, its tap area stretched over the whole card; each artist's name
 * is a link to their page drawn above it, as on the album tiles elsewhere.
 */
export function AlbumCard({ album, onOpen }: { album: SearchAlbum; onOpen: () => void }) {
  const artists = artistLinks(album.artists?.primary);
  return (
    <div className="group relative min-w-0 rounded-lg">
      <CoverImage src={coverUrl(album.image)} size={160} className="aspect-square w-full rounded-lg transition group-hover:brightness-110" />
      <button type="button" onClick={onOpen} data-album-id={album.id} className={`mt-1.5 line-clamp-2 w-full text-sm font-medium break-words ${STRETCHED_BUTTON}`}>
        {decodeEntities(album.name) || 'Unknown Album'}
      </button>
      <span className="block truncate text-xs text-muted">{albumMeta(album)}</span>
      <span className="block truncate text-xs text-muted">{artists.length > 0 ? <NameLinks links={artists} /> : 'Various Artists'}</span>
    </div>
  );
}

export function ArtistCard({ artist, onOpen }: { artist: ArtistRef; onOpen: () => void }) {
  const name = decodeEntities(artist.name) || 'Unknown Artist';
  return (
    <button type="button" onClick={onOpen} data-artist-id={artist.id} className="flex w-full flex-col items-center text-center">
      <ArtistAvatar id={artist.id} name={name} src={coverUrl(artist.image)} size={128} className="aspect-square w-full text-3xl" />
      <span className="mt-1.5 block w-full truncate text-sm font-medium">{name}</span>
    </button>
  );
}
