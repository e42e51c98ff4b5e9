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
import { prepareQuery, searchAlbums, searchArtists, searchPlaylists, searchSongs } from './search.js';
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
  const prepared = await prepareQuery(ctx, query);
  const [songs, albums, artists, playlists] = await Promise.all([
    searchSongs(ctx, prepared, FIRST),
    searchAlbums(ctx, prepared, FIRST),
    searchArtists(ctx, prepared, FIRST),
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
  const named = <T extends { title: string }>(items: T[]) => items.find((i) => catalogueNorm(i.title) === norm);
  const top = topItem(named(artistItems), named(albumItems), named(playlistItems), songItems[0], artists.results);

  return {
    topQuery: { results: top ? [top] : [], position: 0 },
    songs: { results: songItems, position: 1 },
    albums: { results: albumItems, position: 2 },
    playlists: { results: playlistItems, position: 3 },
    artists: { results: artistItems, position: 4 },
  };
}

type TopSource = Pick<GlobalTopItem, 'id' | 'title' | 'image' | 'type' | 'description'>;

const asTop = (item: TopSource, more: Partial<GlobalTopItem>): GlobalTopItem => ({
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
  ...more,
});

/** The top query: an entity named exactly as the query (artist, album, playlist), else the best song. */
function topItem(
  artist: GlobalArtistItem | undefined,
  album: GlobalAlbumItem | undefined,
  playlist: GlobalPlaylistItem | undefined,
  song: GlobalSongItem | undefined,
  artistRefs: readonly { id: string; url: string }[],
): GlobalTopItem | undefined {
  if (artist) return asTop(artist, { url: artistRefs.find((a) => a.id === artist.id)?.url ?? '' });
  if (album) {
    const by = { primaryArtists: album.artist, singers: album.artist };
    return asTop(album, { album: album.title, url: album.url, language: album.language, ...by });
  }
  if (playlist) return asTop(playlist, { url: playlist.url, language: playlist.language });
  return song;
}
