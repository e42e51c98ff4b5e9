import { useQuery } from '@tanstack/react-query';
import type { Album, Artist, Playlist } from '@lyra/contracts/catalogue';
import { createElement } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { albumQuery, artistQuery, wholePlaylistQuery } from '../../shared/lib/catalogue-queries.js';
import { coverUrl } from '../../shared/lib/song-view.js';
import { ArtistAlbums } from './artist-albums.js';
import type { CollectionView } from './collection-screen.js';

/**
 * Each list screen's song source (SPEC §3 "Detail of album/playlist/artist":
 * songs, description, image; artists list their top songs, then their albums). Data stays fresh
 * 5 minutes (SPEC §9), as the query factories say.
 */
export function useAlbumView(id: string): CollectionView {
  // The description reads "2008 · English Album · David White" (catalogue-api.md §3.7).
  return songListView(useQuery(albumQuery(useCatalogue(), id)), { kind: 'album', id });
}

export function usePlaylistView(id: string): CollectionView {
  return songListView(useQuery(wholePlaylistQuery(useCatalogue(), id)), { kind: 'playlist', id });
}

/** An album or a playlist as a list screen shows it, and what "Make available offline" keeps of it. */
function songListView(
  { data, isPending, isError }: { data?: Album | Playlist; isPending: boolean; isError: boolean },
  offline: NonNullable<CollectionView['offline']>,
): CollectionView {
  return {
    title: data?.name,
    description: data?.description,
    coverUrl: data ? coverUrl(data.image) : undefined,
    songs: data?.songs ?? [],
    isPending,
    isError,
    offline,
  };
}

/** An artist's description: the first paragraph of the bio, else what they mostly are. */
export function artistDescription(artist: Pick<Artist, 'bio' | 'dominantType'>): string | null {
  const text = artist.bio?.find((b) => b.text && b.text.trim())?.text?.trim();
  return text || artist.dominantType || null;
}

export function useArtistView(id: string): CollectionView {
  const { data, isPending, isError } = useQuery(artistQuery(useCatalogue(), id));
  return {
    title: data?.name,
    description: data ? artistDescription(data) : null,
    coverUrl: data ? coverUrl(data.image) : undefined,
    songs: data?.topSongs ?? [],
    isPending,
    isError,
    more: createElement(ArtistAlbums, { albums: data?.topAlbums ?? [] }),
  };
}
