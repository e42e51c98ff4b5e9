import { q, type BackendApi } from '../../shared/lib/backend.js';
import { isUserPlaylist, uniqueIds, withDescription, type UserPlaylist } from './playlists-cache.js';

/** SPEC#limits-catalogue: playlist songs are fetched for 10 playlists at a time, in parallel. */
export const PLAYLIST_BATCH = 10;
/** Upper bounds of one listing; Appwrite's default page is 25. */
const MAX_PLAYLISTS = 100;
const MAX_SONGS = 500;

const toPlaylist = (d: Record<string, unknown>): UserPlaylist | null => {
  const p = { $id: String(d.$id ?? ''), name: typeof d.name === 'string' ? d.name : '', userId: String(d.userId ?? ''), ...withDescription(d.description) };
  return isUserPlaylist(p) && p.$id ? p : null;
};

/** SPEC#data-calls-list-favourites-filtered: playlists filtered by userId. */
export async function fetchPlaylists(api: BackendApi, userId: string): Promise<UserPlaylist[]> {
  const docs = await api.list('Playlist', [q.equal('userId', userId), q.limit(MAX_PLAYLISTS)]);
  return docs.flatMap((d) => toPlaylist(d) ?? []);
}

/** SPEC#data-calls-create-favourite-userid: create playlist (name, userId, and a description when given); SPEC#validation-playlist-name: no rule on the name. */
export async function createPlaylist(api: BackendApi, userId: string, name: string, description = ''): Promise<UserPlaylist> {
  const doc = await api.create('Playlist', { name, userId, ...withDescription(description) });
  const p = toPlaylist(doc);
  if (!p) throw new Error('An error occured creating a playlist');
  return p;
}

/**
 * A new name for a playlist, and a new description when given ('' clears it): a PATCH of its
 * document; realtime tells the account's other devices.
 */
export async function renamePlaylist(api: BackendApi, playlistId: string, name: string, description?: string): Promise<void> {
  await api.update('Playlist', playlistId, description === undefined ? { name } : { name, description });
}

/** The backend deletes the playlist, then its song links (SPEC#states-playlist-delete). */
export async function deletePlaylist(api: BackendApi, playlistId: string): Promise<void> {
  await api.remove('Playlist', playlistId);
}

/** One playlist's song ids, oldest first, without duplicates (SPEC#states-playlist-songs). */
async function fetchSongIdsOf(api: BackendApi, playlistId: string): Promise<string[]> {
  const docs = await api.list('PlaylistSong', [q.equal('playlistId', playlistId), q.limit(MAX_SONGS)]);
  return uniqueIds(docs.map((d) => String(d.songId ?? '')));
}

/**
 * Song ids of each playlist, playlists in parallel batches of 10 (SPEC#data-calls-list-favourites-filtered),
 * batch after batch in the order given. A playlist whose read fails is left
 * out of `songs` and its error kept in `failures`; the others keep their songs.
 */
export async function fetchEachPlaylistSongIds(
  api: BackendApi,
  playlistIds: readonly string[],
): Promise<{ songs: Map<string, string[]>; failures: Map<string, unknown> }> {
  const ids = uniqueIds(playlistIds);
  const songs = new Map<string, string[]>();
  const failures = new Map<string, unknown>();
  for (let i = 0; i < ids.length; i += PLAYLIST_BATCH) {
    const batch = ids.slice(i, i + PLAYLIST_BATCH);
    const results = await Promise.allSettled(batch.map((id) => fetchSongIdsOf(api, id)));
    batch.forEach((id, j) => {
      const r = results[j]!;
      if (r.status === 'fulfilled') songs.set(id, r.value);
      else failures.set(id, r.reason);
    });
  }
  return { songs, failures };
}

/** Song ids of each playlist, as above; any failed read rejects with its error. */
export async function fetchPlaylistSongIds(api: BackendApi, playlistIds: readonly string[]): Promise<Map<string, string[]>> {
  const { songs, failures } = await fetchEachPlaylistSongIds(api, playlistIds);
  const [failure] = failures.values();
  if (failures.size > 0) throw failure;
  return songs;
}

/** SPEC#data-calls-create-favourite-userid: create playlist song (song id, playlist id); a song already there is a 409. */
export async function addSongToPlaylist(api: BackendApi, playlistId: string, songId: string): Promise<void> {
  await api.create('PlaylistSong', { playlistId, songId });
}

export async function removeSongFromPlaylist(api: BackendApi, playlistId: string, songId: string): Promise<void> {
  const docs = await api.list('PlaylistSong', [q.equal('playlistId', playlistId), q.equal('songId', songId), q.limit(25)]);
  for (const d of docs) await api.remove('PlaylistSong', d.$id);
}
