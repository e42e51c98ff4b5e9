/**
 * Wire shapes of the saavn-compatible catalogue API (shared/design/catalogue-api.md),
 * in three parts: the entities, global search and Home rows; and the responses.
 */
import { z } from 'zod';
export * from './catalogue-entities.js';
export * from './catalogue-global-search.js';
export * from './catalogue-home-rows.js';
export * from './catalogue-library.js';
import { Album, Artist, ArtistAlbums, ArtistSongs, AlbumSearchResults, ArtistSearchResults, Playlist, PlaylistSearchResults, Song, SongSearchResults, success } from './catalogue-entities.js';
import { GlobalSearch } from './catalogue-global-search.js';
import { HomeRows } from './catalogue-home-rows.js';

// ---------------------------------------------------------------- responses

export const SongsResponse = success(z.array(Song));
export const SongSearchResponse = success(SongSearchResults);
export const AlbumSearchResponse = success(AlbumSearchResults);
export const ArtistSearchResponse = success(ArtistSearchResults);
export const PlaylistSearchResponse = success(PlaylistSearchResults);
export const GlobalSearchResponse = success(GlobalSearch);
export const AlbumResponse = success(Album);
export const PlaylistResponse = success(Playlist);
export const ArtistResponse = success(Artist);
export const ArtistSongsResponse = success(ArtistSongs);
export const ArtistAlbumsResponse = success(ArtistAlbums);
export const HomeRowsResponse = success(HomeRows);
