import { useSessionCheck } from '../auth/index.js';
import { useFavoritesSync } from '../favorites/index.js';
import { useHistoryRecorder } from '../history/index.js';
import { useKeptPlaylists, usePlaylistsSync } from '../playlists/index.js';
import { useRealtimeSync } from './use-realtime-sync.js';

/**
 * Everything a signed-in listener's device keeps running in the background,
 * mounted once by the app shell: the session check (SPEC#states-session), the retry of
 * favourite changes that failed (SPEC#states-favourite-toggle-player) and of playlist changes made
 * offline, the playlists kept offline following their songs, realtime sync
 * across devices, and the play history and saved position (history/).
 */
export function useAccountServices(): void {
  useSessionCheck();
  useFavoritesSync();
  usePlaylistsSync();
  useKeptPlaylists();
  useRealtimeSync();
  useHistoryRecorder();
}
