import { useQueries, useQuery } from '@tanstack/react-query';
import type { Song } from '@lyra/contracts/catalogue';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { useSessionUser } from '../auth/index.js';
import { useOfflineStore } from '../offline/index.js';
import type { UserPlaylist } from './playlists-cache.js';
import { playlistSongsQuery, playlistsQuery } from './playlists-query.js';

/** The signed-in user's playlists; [] signed out. */
export function usePlaylists(): { playlists: UserPlaylist[]; isPending: boolean } {
  const user = useSessionUser();
  const backend = useBackend();
  const query = useQuery({ ...playlistsQuery(backend, user?.$id ?? ''), enabled: Boolean(user) });
  return { playlists: user ? (query.data ?? []) : [], isPending: Boolean(user) && query.isPending };
}

export function usePlaylistSongIds(playlistId: string, enabled = true): { ids: string[]; isPending: boolean; isError: boolean } {
  const backend = useBackend();
  const query = useQuery({ ...playlistSongsQuery(backend, playlistId), enabled });
  return { ids: query.data ?? [], isPending: enabled && query.isPending, isError: query.isError };
}

/**
 * Catalogue songs for ids, in order (SPEC#catalogue-api-songs-id-per: /songs/{id} per id); missing
 * songs are left out. A song kept offline shows from the device while the
 * catalogue cannot be reached.
 */
export function useSongsByIds(ids: readonly string[]): { songs: Song[]; isLoading: boolean } {
  const catalogue = useCatalogue();
  const kept = useOfflineStore((s) => s.index.songs);
  const results = useQueries({ queries: ids.map((id) => songQuery(catalogue, id)) });
  const songs = results.flatMap((r, i) => r.data ?? kept[ids[i]!]?.song ?? []);
  return { songs, isLoading: results.some((r, i) => r.isPending && !kept[ids[i]!]) };
}
