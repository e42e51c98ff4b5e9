/**
 * Playlists: what other features may use at start-up (query keys, the sync of
 * changes made offline, the playlists kept offline following their songs). The cache edits applied on realtime events are in lazy.ts and
 * the screens' parts in ui.ts, so the start-up chunk loads neither.
 */
export { allPlaylistSongsKey, playlistSongsKey, playlistsKey } from './playlists-keys.js';
export { forgetPlaylistSongs } from './playlists-cache.js';
export { usePlaylistsSync } from './use-playlists-sync.js';
export { keptPlaylistKey, useKeptPlaylists } from './kept-playlists.js';
