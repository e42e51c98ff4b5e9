import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure, type BackendApi, type RealtimeEvent } from '../../shared/lib/backend.js';
import { collectionOfEvent, documentsChannel, type CollectionName } from '../../shared/lib/backend-ids.js';
import { refreshFavorites, showFavorite } from '../favorites/index.js';
import { historyKey } from '../history/index.js';
import { removeOffline } from '../offline/index.js';
import { allPlaylistSongsKey, forgetPlaylistSongs, keptPlaylistKey, playlistSongsKey } from '../playlists/index.js';
import { editPlaylists, editPlaylistSongs, refreshPlaylists } from '../playlists/lazy.js';
import { forgetSongVideo, songVideoKey } from '../video-mode/index.js';

/** The collections a signed-in device listens to (SPEC#documents-api-get-ping-realtime; backend-api.md §7 channels). */
export const SYNCED_COLLECTIONS: readonly CollectionName[] = ['Favorite', 'Playlist', 'PlaylistSong', 'VideoRequest', 'VideoPreview', 'History'];
export const syncedChannels = (): string[] => SYNCED_COLLECTIONS.map(documentsChannel);

export const VIDEO_READY_MESSAGE = 'Video preview is available! Use the video overlay on the album art to switch to video mode.';

/** create | update | upsert | delete, read from the concrete event name Appwrite lists first. */
export function eventAction(events: readonly string[]): string {
  return events[0]?.split('.').pop() ?? '';
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Applies another device's change (or the server's) to what this device
 * shows and caches (style.md §7.5 rule 6: the server says what changed).
 * Events of other users never reach us (the hub filters by read permission);
 * the userId checks guard the shown lists all the same.
 */
export function applyRealtimeEvent(queryClient: QueryClient, userId: string, event: RealtimeEvent): void {
  const collection = collectionOfEvent(event.events);
  const action = eventAction(event.events);
  const doc = event.payload;
  const created = action === 'create' || action === 'upsert';
  switch (collection) {
    case 'Favorite':
      if (text(doc.userId) !== userId || !text(doc.songId)) return;
      if (created) showFavorite(queryClient, userId, text(doc.songId), true);
      else if (action === 'delete') showFavorite(queryClient, userId, text(doc.songId), false);
      return;
    case 'Playlist': {
      if (text(doc.userId) !== userId) return;
      const playlist = { $id: doc.$id, name: text(doc.name), userId, ...(text(doc.description) ? { description: text(doc.description) } : {}) };
      if (action === 'delete') {
        editPlaylists(queryClient, userId, (list) => list.filter((p) => p.$id !== doc.$id));
        forgetPlaylistSongs(doc.$id);
        queryClient.removeQueries({ queryKey: playlistSongsKey(doc.$id) });
        void removeOffline(keptPlaylistKey(doc.$id));
      } else {
        editPlaylists(queryClient, userId, (list) =>
          list.some((p) => p.$id === doc.$id) ? list.map((p) => (p.$id === doc.$id ? playlist : p)) : [...list, playlist],
        );
      }
      return;
    }
    case 'PlaylistSong': {
      const playlistId = text(doc.playlistId);
      const songId = text(doc.songId);
      if (!playlistId || !songId) return;
      if (created) editPlaylistSongs(queryClient, playlistId, (ids) => (ids.includes(songId) ? ids : [...ids, songId]));
      else if (action === 'delete') editPlaylistSongs(queryClient, playlistId, (ids) => ids.filter((id) => id !== songId));
      return;
    }
    case 'History':
      // A play counted on another device (or through a Subsonic app): History and Most played read it again.
      if (text(doc.userId) !== userId) return;
      void queryClient.invalidateQueries({ queryKey: historyKey(userId) });
      return;
    case 'VideoPreview': {
      const songId = text(doc.song_id);
      if (!songId) return;
      forgetSongVideo(songId);
      void queryClient.invalidateQueries({ queryKey: songVideoKey(songId) });
      return;
    }
    case 'VideoRequest': {
      const songId = text(doc.song_id);
      if (action !== 'update' || doc.status !== 'done' || text(doc.userId) !== userId) return;
      forgetSongVideo(songId);
      void queryClient.invalidateQueries({ queryKey: songVideoKey(songId) });
      toast.success(VIDEO_READY_MESSAGE);
      return;
    }
    default:
      return;
  }
}

/** Once the subscription is live (first, and after the socket comes back): favourites, playlists and the play history read from the server once more. */
export async function refreshAfterReconnect(queryClient: QueryClient, api: BackendApi, userId: string): Promise<void> {
  try {
    await Promise.all([refreshFavorites(queryClient, api, userId), refreshPlaylists(queryClient, api, userId)]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: allPlaylistSongsKey }),
      queryClient.invalidateQueries({ queryKey: historyKey(userId) }),
    ]);
  } catch (e) {
    console.error('Refresh after reconnect failed:', describeFailure(e).message);
  }
}
