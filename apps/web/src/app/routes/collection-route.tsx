import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { useCategoryStore } from '../../features/collection/category-store.js';
import { CollectionScreen, type CollectionView } from '../../features/collection/collection-screen.js';
import { useAlbumView, useArtistView, usePlaylistView } from '../../features/collection/collection-sources.js';
import { NotFoundRoute } from './not-found-route.js';

/** A list screen, or the 404 page when the catalogue has no such album, playlist or artist. */
function ListOrNotFound({ view }: { view: CollectionView }) {
  return view.notFound ? <NotFoundRoute /> : <CollectionScreen {...view} />;
}

function CatalogueAlbum({ id }: { id: string }) {
  return <ListOrNotFound view={useAlbumView(id)} />;
}

function CatalogueArtist({ id }: { id: string }) {
  return <ListOrNotFound view={useArtistView(id)} />;
}

export function AlbumRoute() {
  const { id = '' } = useParams();
  return <CatalogueAlbum key={id} id={id} />;
}

export function ArtistRoute() {
  const { id = '' } = useParams();
  return <CatalogueArtist key={id} id={id} />;
}

function CataloguePlaylist({ id }: { id: string }) {
  return <ListOrNotFound view={usePlaylistView(id)} />;
}

/**
 * A user's own playlist (category userPlaylists, set by Library) is listed by
 * features/playlists/user-playlist-screen.tsx when that module exists: it
 * renders CollectionScreen with its own songs, a remove button per row and the
 * 'Playlist updations make take 5 mins' note. Found at build time, so this
 * route builds with or without it.
 */
const userPlaylistModules = import.meta.glob<{ UserPlaylistScreen: ComponentType<{ id: string }> }>('../../features/playlists/user-playlist-screen.tsx');
const loadUserPlaylist = Object.values(userPlaylistModules)[0];
const UserPlaylist = loadUserPlaylist ? lazy(async () => ({ default: (await loadUserPlaylist()).UserPlaylistScreen })) : null;

export function PlaylistRoute() {
  const { id = '' } = useParams();
  const category = useCategoryStore((s) => s.category);
  if (category === 'userPlaylists' && UserPlaylist) {
    return (
      <Suspense fallback={<CollectionScreen songs={[]} isPending />}>
        <UserPlaylist key={id} id={id} />
      </Suspense>
    );
  }
  return <CataloguePlaylist key={id} id={id} />;
}
