import { useQuery } from '@tanstack/react-query';
import type { Album, Artist, ArtistTotals, Playlist } from '@lyra/contracts/catalogue';
import { songCountLabel, totalDurationLabel } from '@lyra/player-core/collection-play';
import { createElement, Fragment } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { albumQuery, artistQuery, isNotFound, wholePlaylistQuery } from '../../shared/lib/catalogue-queries.js';
import { artistLinks } from '../../shared/lib/entity-links.js';
import { coverUrl } from '../../shared/lib/song-view.js';
import { NameLinks } from '../../shared/ui/name-links.js';
import { useOfflineStore } from '../offline/index.js';
import { keptCollectionView, showsKeptCopy, type KeptCollectionView } from '../offline/lazy.js';
import { AlbumShelf } from './album-shelf.js';
import type { RowLook } from './collection-row.js';
import type { CollectionView } from './collection-screen.js';

/** On an album's own screen every song's cover and album are the album's: rows leave them out. */
export const ALBUM_LOOK: RowLook = { covers: false, albums: false };

/**
 * Each list screen's song source (SPEC#entities-artist "Detail of album/playlist/artist":
 * songs, description, image; artists list their albums, the albums they appear
 * on and their most played songs). Data stays fresh 5 minutes (SPEC#limits-data-queries), as the
 * query factories say.
 */
export function useAlbumView(id: string): CollectionView {
  const query = useQuery(albumQuery(useCatalogue(), id));
  const { view, kept } = useSongListView(query, { kind: 'album', id });
  const primary = query.data?.artists?.primary;
  // Kept with the album, so its page names them offline (SPEC#list-screen-song-rows-name).
  const offline = { kind: 'album' as const, id, artists: primary ? primary.map((a) => ({ id: a.id || null, name: a.name })) : kept?.artists };
  const artists = artistLinks(kept ? kept.artists : primary);
  if (artists.length === 0) return { ...view, offline, look: ALBUM_LOOK };
  // "2008 · English Album · David White" (catalogue-api.md §3.7): the names become links above it.
  return {
    ...view,
    byline: createElement(NameLinks, { links: artists }),
    description: withoutTrailingNames(view.description, artists.map((a) => a.name)),
    offline,
    look: ALBUM_LOOK,
  };
}

export function usePlaylistView(id: string): CollectionView {
  return useSongListView(useQuery(wholePlaylistQuery(useCatalogue(), id)), { kind: 'playlist', id }).view;
}

/** A description's last " · "-part when it only repeats the names shown as links above it. */
export function withoutTrailingNames(description: string | null | undefined, names: readonly string[]): string | null {
  if (!description) return null;
  const parts = description.split(' · ');
  const last = parts[parts.length - 1]?.trim();
  if (parts.length > 1 && last === names.join(', ')) return parts.slice(0, -1).join(' · ');
  return description;
}

/**
 * An album or a playlist as a list screen shows it, and what "Make available offline" keeps of it.
 * With no catalogue (offline), a collection kept on the device shows what the device holds of it
 * (`kept` is then the copy shown).
 */
function useSongListView(
  { data, isPending, isError, error, fetchStatus }: { data?: Album | Playlist; isPending: boolean; isError: boolean; error: unknown; fetchStatus: string },
  offline: NonNullable<CollectionView['offline']>,
): { view: CollectionView; kept: KeptCollectionView | null } {
  const kept = keptCollectionView(useOfflineStore((s) => s.index), offline.kind, offline.id);
  const notFound = isNotFound(error);
  if (kept && showsKeptCopy({ hasData: data !== undefined, isError, notFound, paused: fetchStatus === 'paused' })) {
    return { view: { title: kept.title, coverUrl: kept.image ?? undefined, songs: kept.songs, isPending: false, isError: false, notFound: false, offline }, kept };
  }
  const view: CollectionView = {
    title: data?.name,
    description: data?.description,
    coverUrl: data ? coverUrl(data.image) : undefined,
    songs: data?.songs ?? [],
    isPending,
    isError,
    notFound,
    offline,
  };
  return { view, kept: null };
}

/**
 * An artist's description: the first paragraph of the bio, else the role their credits give
 * ("Composer"); nothing for a performer (a song's artist tag does not say they sing).
 */
export function artistDescription(artist: Pick<Artist, 'bio' | 'dominantType'>): string | null {
  const text = artist.bio?.find((b) => b.text && b.text.trim())?.text?.trim();
  if (text) return text;
  const role = artist.dominantType?.trim();
  return role ? role[0]!.toUpperCase() + role.slice(1) : null;
}

/** "13 songs, 2 albums, 1 hr 5 min": the artist's whole catalogue (our server's totals). */
export function artistStats(totals: ArtistTotals): string {
  const albums = totals.albums > 0 ? `${totals.albums} ${totals.albums === 1 ? 'album' : 'albums'}` : null;
  const length = totals.duration > 0 ? totalDurationLabel([totals.duration]) : null;
  return [songCountLabel(totals.songs), albums, length].filter(Boolean).join(', ');
}

/**
 * An artist's screen: picture, name and role, their totals, then their Albums, the albums they
 * Appear on, and their Songs, most played first. A mirror without totals counts the songs listed.
 */
export function useArtistView(id: string): CollectionView {
  const { data, isPending, isError, error } = useQuery(artistQuery(useCatalogue(), id));
  return {
    title: data?.name,
    description: data ? artistDescription(data) : null,
    coverUrl: data ? coverUrl(data.image) : undefined,
    avatar: { id, name: data?.name ?? '' },
    songs: data?.topSongs ?? [],
    stats: data?.totals ? artistStats(data.totals) : undefined,
    isPending,
    isError,
    notFound: isNotFound(error),
    before: createElement(
      Fragment,
      null,
      createElement(AlbumShelf, { heading: 'Albums', albums: data?.topAlbums ?? [] }),
      createElement(AlbumShelf, { heading: 'Appears on', albums: data?.appearsOn ?? [], byArtists: true }),
    ),
    songsHeading: 'Songs',
  };
}
