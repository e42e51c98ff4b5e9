import { q, type BackendApi } from '../../shared/lib/backend.js';
import { isUserPlaylist, uniqueIds, type UserPlaylist } from './playlists-cache.js';

/** SPEC §9: playlist songs are fetched for 10 playlists at a time, in parallel. */
export const PLAYLIST_BATCH = 10;
/** Upper bounds of one listing; Appwrite's default page is 25. */
const MAX_PLAYLISTS = 100;
const MAX_SONGS = 500;

const toPlaylist = (d: Record<string, unknown>): UserPlaylist | null => {
  const p = { $id: String(d.$id ?? ''), name: typeof d.name === 'string' ? d.name : '', userId: String(d.userId ?? '') };
  return isUserPlaylist(p) && p.$id ? p : null;
};

/** SPEC §7: playlists filtered by userId. */
export async function fetchPlaylists(api: BackendApi, userId: string): Promise<UserPlaylist[]> {
  const docs = await api.list('Playlist', [q.equal('userId', userId), q.limit(MAX_PLAYLISTS)]);
  return docs.flatMap((d) => toPlaylist(d) ?? []);
}

/** SPEC §7: create playlist (name, userId); SPEC §5: no rule on the name. */
export async function createPlaylist(api: BackendApi, userId: string, name: string): Promise<UserPlaylist> {
  const doc = await api.create('Playlist', { name, userId });
  const p = toPlaylist(doc);
  if (!p) throw new Error('An error occured creating a playlist');
  return p;
}

/** The backend deletes the playlist, then its song links (SPEC §4). */
export async function deletePlaylist(api: BackendApi, playlistId: string): Promise<void> {
  await api.remove('Playlist', playlistId);
}

/** Song ids of each playlist, playlists in parallel batches of 10 (SPEC §7), without duplicates. */
export async function fetchPlaylistSongIds(api: BackendApi, playlistIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < playlistIds.length; i += PLAYLIST_BATCH) {
    const batch = playlistIds.slice(i, i + PLAYLIST_BATCH);
    const lists = await Promise.all(
      batch.map((id) => api.list('PlaylistSong', [q.equal('playlistId', id), q.limit(MAX_SONGS)])),
    );
    batch.forEach((id, j) => out.set(id, uniqueIds(lists[j]!.map((d) => String(d.songId ?? '')))));
  }
  return out;
}

/** SPEC §7: create playlist song (song id, playlist id); a song already there is a 409. */
export async function addSongToPlaylist(api: BackendApi, playlistId: string, songId: string): Promise<void> {
  await api.create('PlaylistSong', { playlistId, songId });
}

export async function removeSongFromPlaylist(api: BackendApi, playlistId: string, songId: string): Promise<void> {
  const docs = await api.list('PlaylistSong', [q.equal('playlistId', playlistId), q.equal('songId', songId), q.limit(25)]);
  for (const d of docs) await api.remove('PlaylistSong', d.$id);
}
