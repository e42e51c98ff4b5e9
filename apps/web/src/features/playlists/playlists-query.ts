import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BackendApi } from '../../shared/lib/backend.js';
import { fetchPlaylists, fetchPlaylistSongIds } from './playlists-api.js';
import {
  METADATA_MS,
  readMetadata,
  readPlaylistSongs,
  updateMetadata,
  writeMetadata,
  writePlaylistSongs,
  type UserPlaylist,
} from './playlists-cache.js';

export const playlistsKey = (userId: string) => ['backend', 'playlists', userId] as const;
export const playlistSongsKey = (playlistId: string) => ['backend', 'playlist-songs', playlistId] as const;

/** The user's playlists: PlaylistMetadata while younger than 24 hours, else the server (SPEC §4). */
export const playlistsQuery = (api: () => Promise<BackendApi>, userId: string) =>
  queryOptions({
    queryKey: playlistsKey(userId),
    queryFn: async () => {
      const cached = readMetadata(Date.now());
      if (cached.fresh) return cached.playlists;
      const playlists = await fetchPlaylists(await api(), userId);
      writeMetadata(playlists, Date.now());
      return playlists;
    },
    staleTime: METADATA_MS,
    gcTime: METADATA_MS,
  });

/** Song ids of one playlist, oldest first: `playlist:{id}` when cached, else the server. */
export const playlistSongsQuery = (api: () => Promise<BackendApi>, playlistId: string) =>
  queryOptions({
    queryKey: playlistSongsKey(playlistId),
    queryFn: async () => {
      const cached = readPlaylistSongs(playlistId);
      if (cached) return cached;
      return refetchSongIds(await api(), playlistId);
    },
  });

async function refetchSongIds(api: BackendApi, playlistId: string): Promise<string[]> {
  const ids = (await fetchPlaylistSongIds(api, [playlistId])).get(playlistId) ?? [];
  writePlaylistSongs(playlistId, ids);
  return ids;
}

/** Reads one playlist's songs from the server now (another device changed it). */
export async function refreshPlaylistSongs(queryClient: QueryClient, api: BackendApi, playlistId: string): Promise<void> {
  queryClient.setQueryData(playlistSongsKey(playlistId), await refetchSongIds(api, playlistId));
}

/** Reads the playlists from the server now. */
export async function refreshPlaylists(queryClient: QueryClient, api: BackendApi, userId: string): Promise<void> {
  const playlists = await fetchPlaylists(api, userId);
  writeMetadata(playlists, Date.now());
  queryClient.setQueryData(playlistsKey(userId), playlists);
}

/** Changes the shown playlists and their cached copy (create, delete, realtime). */
export function editPlaylists(queryClient: QueryClient, userId: string, edit: (list: UserPlaylist[]) => UserPlaylist[]): void {
  const shown = queryClient.getQueryData<UserPlaylist[]>(playlistsKey(userId));
  const cached = readMetadata(Date.now());
  // Not loaded here yet: edit a fresh cached copy, else the next read has the change.
  const before = shown ?? (cached.fresh ? cached.playlists : null);
  if (!before) return;
  const after = edit(before);
  if (shown) queryClient.setQueryData(playlistsKey(userId), after);
  updateMetadata(after);
}

/** Changes one playlist's shown song ids and `playlist:{id}`. */
export function editPlaylistSongs(queryClient: QueryClient, playlistId: string, edit: (ids: string[]) => string[]): void {
  const before = queryClient.getQueryData<string[]>(playlistSongsKey(playlistId)) ?? readPlaylistSongs(playlistId);
  if (!before) return; // Not loaded here: it is read afresh when opened.
  const after = edit(before);
  queryClient.setQueryData(playlistSongsKey(playlistId), after);
  writePlaylistSongs(playlistId, after);
}
