import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BackendApi } from '../../shared/lib/backend.js';
import { readAgainIfUnderWay } from '../../shared/lib/query-client.js';
import { loadAllPlaylistSongs } from './all-playlist-songs.js';
import { isPendingPlaylistId, withPendingChanges, withPendingPlaylists } from './pending-changes.js';
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
import { playlistSongsKey, playlistsKey } from './playlists-keys.js';

/**
 * The user's playlists (SPEC#states-playlist-metadata: PlaylistMetadata cached 24 hours, and read
 * again on every load). The cached copy shows at once; the server's list
 * replaces it once per page load, then holds for 24 hours. Each time it is
 * read, the songs of all the playlists follow without holding it up.
 * Playlists created offline and not yet sent stay listed after the others.
 */
export const playlistsQuery = (api: () => Promise<BackendApi>, userId: string) => {
  const cached = readMetadata(Date.now());
  return queryOptions({
    queryKey: playlistsKey(userId),
    queryFn: async ({ client }) => {
      const backend = await api();
      const fetched = await fetchPlaylists(backend, userId);
      const playlists = withPendingPlaylists(userId, fetched);
      writeMetadata(playlists, Date.now());
      void loadAllPlaylistSongs(client, backend, userId, fetched.map((p) => p.$id));
      return playlists;
    },
    ...(cached.fresh ? { initialData: cached.playlists, initialDataUpdatedAt: 0 } : {}),
    staleTime: METADATA_MS,
    gcTime: METADATA_MS,
    refetchOnMount: true,
  });
};

/**
 * Song ids of one playlist, oldest first: `playlist:{id}` shows at once, and
 * the server's list replaces it when the playlist is opened (another device
 * may have changed it while this one was closed). Changes made offline and
 * not yet sent are laid over the server's list; a playlist created offline
 * has only what this device gave it.
 */
export const playlistSongsQuery = (api: () => Promise<BackendApi>, playlistId: string) => {
  const cached = readPlaylistSongs(playlistId);
  return queryOptions({
    queryKey: playlistSongsKey(playlistId),
    queryFn: async () => refetchSongIds(await api(), playlistId),
    ...(cached ? { initialData: cached, initialDataUpdatedAt: 0 } : {}),
    refetchOnMount: true,
  });
};

async function refetchSongIds(api: BackendApi, playlistId: string): Promise<string[]> {
  if (isPendingPlaylistId(playlistId)) return readPlaylistSongs(playlistId) ?? [];
  const ids = withPendingChanges(playlistId, (await fetchPlaylistSongIds(api, [playlistId])).get(playlistId) ?? []);
  writePlaylistSongs(playlistId, ids);
  return ids;
}

/** Reads one playlist's songs from the server now (another device changed it). */
export async function refreshPlaylistSongs(queryClient: QueryClient, api: BackendApi, playlistId: string): Promise<void> {
  queryClient.setQueryData(playlistSongsKey(playlistId), await refetchSongIds(api, playlistId));
}

/** Reads the playlists from the server now; their songs follow, as on every read of the list. */
export async function refreshPlaylists(queryClient: QueryClient, api: BackendApi, userId: string): Promise<void> {
  // A read under way may have left before what this refresh is for: dropped, not joined. The new one is the
  // list's own read, so that a change heard meanwhile reads it again (editPlaylists).
  await queryClient.cancelQueries({ queryKey: playlistsKey(userId), exact: true });
  await queryClient.fetchQuery({ ...playlistsQuery(() => Promise.resolve(api), userId), staleTime: 0 });
}

/** Changes the shown playlists and their cached copy (create, delete, realtime). */
export function editPlaylists(queryClient: QueryClient, userId: string, edit: (list: UserPlaylist[]) => UserPlaylist[]): void {
  const shown = queryClient.getQueryData<UserPlaylist[]>(playlistsKey(userId));
  readAgainIfUnderWay(queryClient, playlistsKey(userId));
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
  readAgainIfUnderWay(queryClient, playlistSongsKey(playlistId));
  const before =
    queryClient.getQueryData<string[]>(playlistSongsKey(playlistId)) ??
    readPlaylistSongs(playlistId) ??
    // A playlist created offline has only what this device gave it.
    (isPendingPlaylistId(playlistId) ? [] : null);
  if (!before) return; // Not loaded here: it is read afresh when opened.
  const after = edit(before);
  queryClient.setQueryData(playlistSongsKey(playlistId), after);
  writePlaylistSongs(playlistId, after);
}

/** Puts a song back where it was (a removal the server refused); at the end when that place is gone. */
export function putBackSong(queryClient: QueryClient, playlistId: string, songId: string, position: number): void {
  editPlaylistSongs(queryClient, playlistId, (list) => {
    if (list.includes(songId)) return list;
    const at = position < 0 ? list.length : Math.min(position, list.length);
    return [...list.slice(0, at), songId, ...list.slice(at)];
  });
}
