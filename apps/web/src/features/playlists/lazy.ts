/**
 * Playlists' parts and logic used only by code loaded on demand: Library's
 * list and "Create playlist" dialog, the realtime events' cache edits. Apart
 * from index.ts (start-up) and ui.ts (the player's menu), so that neither of
 * their chunks loads them.
 */
export { CreatePlaylistDialog } from './create-playlist-dialog.js';
export { PlaylistList } from './playlist-list.js';
export { usePlaylists } from './use-playlists.js';
export { editPlaylists, editPlaylistSongs, refreshPlaylists } from './playlists-query.js';
