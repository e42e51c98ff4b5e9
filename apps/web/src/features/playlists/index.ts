/**
 * Playlists: what other features may use at start-up (query keys, the pending
 * adds' sync). The cache edits applied on realtime events are in lazy.ts and
 * the screens' parts in ui.ts, so the start-up chunk loads neither.
 */
export { playlistSongsKey, playlistsKey } from './playlists-keys.js';
export { forgetPlaylistSongs } from './playlists-cache.js';
export { usePlaylistsSync } from './use-playlists-sync.js';
