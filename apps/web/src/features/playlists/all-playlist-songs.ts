import type { QueryClient } from '@tanstack/react-query';
import { describeFailure, type BackendApi } from '../../shared/lib/backend.js';
import { withPendingChanges } from './pending-changes.js';
import { fetchEachPlaylistSongIds } from './playlists-api.js';
import { writePlaylistSongs, type UserPlaylist } from './playlists-cache.js';
import { playlistSongsKey, playlistsKey } from './playlists-keys.js';

/** SPEC#errors-result-messages: the result message of a failed playlist songs read (logged only). */
export const FETCH_SONGS_FAILED = 'An error occurred fetching playlist songs';

/**
 * SPEC#states-playlist-songs, SPEC#data-calls-list-favourites-filtered: once the user's playlists are read from the server, the songs
 * of all of them are read as well (10 playlists at a time) and kept per
 * playlist, in `playlist:{id}` and in its query data, so any playlist shows
 * its songs as soon as it is opened. Never rejects: failed reads are logged
 * and those playlists keep what they had.
 *
 * Newer data always wins. Left alone are a playlist whose own read is running
 * or whose songs changed while this ran, a playlist deleted meanwhile, and
 * everything once the list itself was dropped (sign-out, another account).
 * Query data keeps its age, so opening a playlist still reads it from the
 * server once per load. Changes made offline and not yet sent are laid over
 * what the server has.
 */
export async function loadAllPlaylistSongs(
  client: QueryClient,
  api: BackendApi,
  userId: string,
  playlistIds: readonly string[],
): Promise<void> {
  const findList = () => client.getQueryCache().find<UserPlaylist[]>({ queryKey: playlistsKey(userId), exact: true });
  const songsState = (id: string) => client.getQueryState<string[]>(playlistSongsKey(id));
  const list = findList();
  const listCount = list?.state.dataUpdateCount ?? 0;
  const songsCount = new Map(playlistIds.map((id) => [id, songsState(id)?.dataUpdateCount ?? 0]));

  const { songs, failures } = await fetchEachPlaylistSongIds(api, playlistIds);
  if (failures.size > 0) {
    console.error(FETCH_SONGS_FAILED, [...failures].map(([id, e]) => `${id}: ${describeFailure(e).message}`));
  }

  if (findList() !== list) return;
  // The list changes while this runs when its own read lands (it still has
  // every playlist) or when one is deleted (it no longer has that one).
  const isListed = (id: string) => !list || list.state.dataUpdateCount === listCount || (list.state.data ?? []).some((p) => p.$id === id);
  for (const [id, ids] of songs) {
    const state = songsState(id);
    if (!isListed(id) || state?.fetchStatus === 'fetching' || (state?.dataUpdateCount ?? 0) !== songsCount.get(id)) continue;
    const shown = withPendingChanges(id, ids);
    client.setQueryData(playlistSongsKey(id), shown, { updatedAt: state?.dataUpdatedAt ?? 0 });
    writePlaylistSongs(id, shown);
  }
}
