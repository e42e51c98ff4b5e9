import type {
  GlobalAlbumItem,
  GlobalArtistItem,
  GlobalPlaylistItem,
  GlobalSearch,
  GlobalSongItem,
  GlobalTopItem,
  Song,
} from '@lyra/contracts/catalogue';
import { albumSongIds } from './albums.js';
import { searchAlbums, searchArtists, searchPlaylists, searchSongs } from './search.js';
import type { CatalogueCtx } from './songs.js';
import { catalogueNorm } from './text.js';

/** Items per group of the global search ("a few", §3.4). */
export const GLOBAL_GROUP_SIZE = 5;
const FIRST = { limit: GLOBAL_GROUP_SIZE, offset: 0 };

export function songItem(s: Song): GlobalSongItem {
  const artists = s.artists.primary.map((a) => a.name).join(', ');
  return {
    id: s.id,
    title: s.name,
    image: s.image,
    album: s.album.name ?? '',
    url: s.url,
    type: 'song',
    description: [s.album.name, artists].filter(Boolean).join(' · '),
    primaryArtists: artists,
    singers: artists,
    language: s.language,
  };
}

/**
 * GET /api/search (§3.4): five groups of flat, title-based items. The top
 * query is an artist, album or playlist whose name is exactly the query,
 * else the best song.
 */
export async function globalSearch(ctx: CatalogueCtx, query: string): Promise<GlobalSearch> {
  const [songs, albums, artists, playlists] = await Promise.all([
    searchSongs(ctx, query, FIRST),
    searchAlbums(ctx, query, FIRST),
    searchArtists(ctx, query, FIRST),
    searchPlaylists(ctx, query, FIRST),
  ]);
  const songIds = await albumSongIds(ctx, albums.results.map((a) => a.id));

  const albumItems: GlobalAlbumItem[] = albums.results.map((a) => ({
    id: a.id,
    title: a.name,
    image: a.image,
    artist: a.artists.primary.map((p) => p.name).join(', '),
    url: a.url,
    type: 'album',
    description: a.description,
    year: a.year == null ? '' : String(a.year),
    songIds: (songIds.get(a.id) ?? []).join(','),
    language: a.language,
  }));
  const artistItems: GlobalArtistItem[] = artists.results.map((a, i) => ({
    id: a.id,
    title: a.name,
    image: a.image,
    type: 'artist',
    description: 'Artist',
    position: i + 1,
  }));
  const playlistItems: GlobalPlaylistItem[] = playlists.results.map((p) => ({
    id: p.id,
    title: p.name,
    image: p.image,
    url: p.url,
    language: p.language,
    type: 'playlist',
    description: `Playlist · ${p.songCount ?? 0} Songs`,
  }));
  const songItems = songs.results.map(songItem);

  const norm = catalogueNorm(query);
  const exact = <T extends { title: string }>(items: T[]) => items.find((i) => catalogueNorm(i.title) === norm);
  const artist = exact(artistItems);
  const album = exact(albumItems);
  const playlist = exact(playlistItems);
  let top: GlobalTopItem | undefined;
  if (artist) top = { ...flat(artist), url: artists.results.find((a) => a.id === artist.id)?.url ?? '' };
  else if (album) top = { ...flat(album), album: album.title, primaryArtists: album.artist, singers: album.artist, url: album.url, language: album.language };
  else if (playlist) top = { ...flat(playlist), url: playlist.url, language: playlist.language };
  else if (songItems[0]) top = songItems[0];

  return {
    topQuery: { results: top ? [top] : [], position: 0 },
    songs: { results: songItems, position: 1 },
    albums: { results: albumItems, position: 2 },
    playlists: { results: playlistItems, position: 3 },
    artists: { results: artistItems, position: 4 },
  };
}

function flat(item: { id: string; title: string; image: GlobalTopItem['image']; type: GlobalTopItem['type']; description: string }): GlobalTopItem {
  return {
    id: item.id,
    title: item.title,
    image: item.image,
    album: '',
    url: '',
    type: item.type,
    description: item.description,
    primaryArtists: '',
    singers: '',
    language: '',
  };
}
