import type { ArtistRef, SearchAlbum } from '@lyra/contracts/catalogue';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';

const capital = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** SPEC §2: an album card names its artists, or 'Various Artists' when it has none. */
export function albumArtists(album: Pick<SearchAlbum, 'artists'>): string {
  const names = (album.artists?.primary ?? []).map((a) => a?.name?.trim()).filter(Boolean);
  return names.length > 0 ? decodeEntities([...new Set(names)].join(', ')) : 'Various Artists';
}

export function albumMeta(album: Pick<SearchAlbum, 'year' | 'language'>): string {
  return [album.year ? String(album.year) : '', capital(album.language ?? '')].filter(Boolean).join(' · ');
}

export function AlbumCard({ album, onOpen }: { album: SearchAlbum; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} data-album-id={album.id} className="block w-full text-left">
      <CoverImage src={coverUrl(album.image)} size={160} className="aspect-square w-full rounded-lg" />
      <span className="mt-1.5 block truncate text-sm font-medium">{decodeEntities(album.name) || 'Unknown Album'}</span>
      <span className="block truncate text-xs text-muted">{albumMeta(album)}</span>
      <span className="block truncate text-xs text-muted">{albumArtists(album)}</span>
    </button>
  );
}

export function ArtistCard({ artist, onOpen }: { artist: ArtistRef; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} data-artist-id={artist.id} className="flex w-full flex-col items-center text-center">
      <CoverImage src={coverUrl(artist.image)} size={128} className="aspect-square w-full rounded-full" />
      <span className="mt-1.5 block w-full truncate text-sm font-medium">{decodeEntities(artist.name) || 'Unknown Artist'}</span>
    </button>
  );
}
