import { useParams } from 'react-router';
import { AlbumsScreen, GenreAlbumsScreen } from '../../features/library/albums-screen.js';
import { ArtistsScreen } from '../../features/library/artists-screen.js';
import { GenresScreen } from '../../features/library/genres-screen.js';
import { SongsScreen } from '../../features/library/songs-screen.js';

/** Library's lists of the whole collection: /library/albums, /artists, /songs, /genres, /genres/{name}. */
export const LibraryAlbumsRoute = AlbumsScreen;
export const LibraryArtistsRoute = ArtistsScreen;
export const LibrarySongsRoute = SongsScreen;
export const LibraryGenresRoute = GenresScreen;

export function LibraryGenreRoute() {
  const { name = '' } = useParams();
  return <GenreAlbumsScreen key={name} genre={name} />;
}
